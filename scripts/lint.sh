#!/usr/bin/env bash
# Formatting: swift-format (the toolchain's `swift format`) with the repository's .swift-format, in strict mode
# (every finding is an error, so CI fails on the first one). Fix with:
#   swift format -i -r Sources Tests Fuzz Examples Package.swift
set -euo pipefail
cd "$(dirname "$0")/.."
swift format lint --strict -r Sources Tests Fuzz Examples Package.swift
echo "swift format lint: clean"
