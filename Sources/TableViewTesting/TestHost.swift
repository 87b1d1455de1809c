@_spi(Backend) import TableViewCore

/// A host that keeps the set of attached views and counts what a real backend would trip on: a view attached twice,
/// a view detached that was not attached.
public final class TestHost: TableViewHost {
  public private(set) var attached: [ObjectIdentifier: any ReusableView] = [:]
  public private(set) var doubleAttach = 0
  public private(set) var strayDetach = 0
  public init() {}
  public func attach(_ view: any ReusableView) {
    if attached[ObjectIdentifier(view)] != nil { doubleAttach += 1 }
    attached[ObjectIdentifier(view)] = view
  }
  public func detach(_ view: any ReusableView) {
    if attached.removeValue(forKey: ObjectIdentifier(view)) == nil { strayDetach += 1 }
  }
  public func bringToFront(_ view: any ReusableView) {}
}
