// TableViewSQLite reads SQLite through GRDB, which the package fetches only with its `SQLite` trait
// (on by default). An app that turned the package's traits off and still uses this library gets
// this error rather than a missing module.
#if !SQLite
  #error(
    "TableViewSQLite needs the SwiftTableView package's SQLite trait: depend on it with the default traits, or with traits: [\"SQLite\"]"
  )
#endif
