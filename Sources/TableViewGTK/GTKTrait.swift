// TableViewGTK draws with GTK 4, which the package looks up (pkg-config gtk4) only with its `GTK`
// trait (on by default). An app that turned the package's traits off and still uses this library
// gets this error rather than a missing module.
#if !GTK
  #error(
    "TableViewGTK needs the SwiftTableView package's GTK trait: depend on it with the default traits, or with traits: [\"GTK\"]"
  )
#endif
