import GRDB

/// A request made into SQL: the keyset page queries, the section counts, a row's position. Built
/// and checked once at open (``check(_:)``), then used from the reader's queue.
struct RecordPlan: Sendable {
  /// One term of the total order: an expression (a quoted column, or `rowid`), its name in the
  /// fetched rows, and its direction.
  struct Term: Sendable {
    var expression: String
    var name: String
    var isDescending: Bool
    /// Whether the column may hold NULL (until ``RecordPlan/check(_:)`` reads the schema: any column but `rowid`).
    /// NULL sorts before every value going up and after every value going down, and compares to nothing: the
    /// keyset of such a term says so in SQL of its own.
    var mayBeNull = true
  }

  /// Which way a keyset goes from a row's sort key.
  enum Direction {
    case after, from, before, through
  }

  /// The alias of the key in every fetched row.
  static let keyName = "tableview_key"

  let request: SQLiteRecordRequest
  /// `"track"`, or `(SELECT …) AS "tableview_base"`.
  let from: String
  /// Where the counts and the keys-only reads come from: `from`, or the request's cheaper source of the keys.
  let keysFrom: String
  /// The arguments of `from` (a query's).
  let fromArguments: StatementArguments
  /// The key's expression: a quoted column or `rowid`.
  let keyExpression: String
  /// The quoted section column.
  let section: String?
  /// The counts kept by triggers that the sections are read from (``SQLiteSectionCounts``), found
  /// by ``check(_:)``.
  var keptCounts: String?
  /// The order's terms, the key last unless it is one of them.
  private(set) var terms: [Term]
  /// The filter's condition and its values (`nil`: every row).
  let filter: (sql: String, values: [DatabaseValue])?
  /// The filter's condition for the counts, where it differs (an FTS search: the counts start from
  /// the matches, the rows from the order's index).
  private(set) var countFilter: String?
  /// The key's column, or `nil` for the rowid.
  var keyColumnName: String? { request.key.columnName }
  /// The arguments of `from` and then of the filter: what every statement's own values follow.
  var baseArguments: StatementArguments {
    fromArguments + StatementArguments(filter?.values ?? [])
  }

  init(_ request: SQLiteRecordRequest) {
    self.request = request
    switch request.source {
    case .table(let name):
      from = name.quotedDatabaseIdentifier
      fromArguments = StatementArguments()
    case .sql(let sql, let arguments):
      from = "(\(sql)) AS \"tableview_base\""
      fromArguments = arguments
    }
    keysFrom = request.keysSource.map { "(\($0)) AS \"tableview_base\"" } ?? from
    switch request.key {
    case .rowID: keyExpression = "rowid"
    case .column(let name): keyExpression = name.quotedDatabaseIdentifier
    }
    section = request.sectionColumn?.quotedDatabaseIdentifier
    var terms = request.ordering.map {
      Term(expression: $0.column.quotedDatabaseIdentifier, name: $0.column, isDescending: $0.isDescending)
    }
    let keyColumn = request.key.columnName
    if !request.ordering.contains(where: { $0.column.lowercased() == keyColumn?.lowercased() }) {
      terms.append(
        Term(expression: keyExpression, name: Self.keyName, isDescending: false, mayBeNull: keyColumn != nil))
    }
    self.terms = terms
    if let filter = request.filter, let table = filter.fullTextTable, !filter.text.isEmpty {
      // Rows are read in the order's index, each looked up in the matches (`+` keeps SQLite from
      // fetching every match by its key and sorting them: a first page stops after its rows);
      // counts go from the matches to their rows.
      let fts = table.quotedDatabaseIdentifier
      let matches = "IN (SELECT rowid FROM \(fts) WHERE \(fts) MATCH ?)"
      self.filter = ("+\(keyExpression) \(matches)", [filter.text.databaseValue])
      self.countFilter = "\(keyExpression) \(matches)"
    } else if let filter = request.filter, !filter.text.isEmpty, !filter.columns.isEmpty {
      // `%` and `_` in the text are the text's own: escaped with `\`.
      var escaped = ""
      for character in filter.text {
        if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
        escaped.append(character)
      }
      let pattern = ("%" + escaped + "%").databaseValue
      let clauses = filter.columns.map { "\($0.quotedDatabaseIdentifier) LIKE ? ESCAPE '\\'" }
      self.filter = ("(" + clauses.joined(separator: " OR ") + ")", Array(repeating: pattern, count: clauses.count))
    } else {
      self.filter = nil
    }
  }

  /// `WHERE` and the conditions, the filter's first (its values come right after `from`'s), or nothing.
  func whereClause(_ conditions: [String], counting: Bool = false) -> String {
    let all = (filter.map { [counting ? countFilter ?? $0.sql : $0.sql] } ?? []) + conditions
    return all.isEmpty ? "" : " WHERE " + all.joined(separator: " AND ")
  }

  /// The SELECT of whole rows, with the key as ``keyName``.
  var selectRows: String { "SELECT *, \(keyExpression) AS \(Self.keyName) FROM \(from)" }

  /// The SELECT of the sort key only (a covering index scan when the index serves the order).
  var selectKeys: String {
    "SELECT \(terms.map(\.expression).joined(separator: ", ")), \(keyExpression) AS \(Self.keyName) FROM \(keysFrom)"
  }

  /// `ORDER BY …` in the order's direction, or reversed.
  func orderBy(reversed: Bool) -> String {
    "ORDER BY "
      + terms.map { "\($0.expression) \($0.isDescending != reversed ? "DESC" : "ASC")" }.joined(separator: ", ")
  }

  /// The rows (or keys) of section `sectionValue` on `direction` of `key` (from the start, or
  /// back from the end, when `key` is nil), `limit` of them after skipping `offset`, in the order's
  /// direction when `reversed` is false.
  func query(
    keysOnly: Bool = false, section sectionValue: DatabaseValue?, _ direction: Direction, _ key: SortKey?,
    limit: Int, offset: Int = 0
  ) -> (sql: String, arguments: StatementArguments) {
    var conditions: [String] = []
    var values: [DatabaseValue] = []
    if let section {
      conditions.append("\(section) IS ?")
      values.append(sectionValue ?? .null)
    }
    if let key {
      let keyset = self.keyset(direction, key)
      conditions.append(keyset.sql)
      values += keyset.values
    }
    let reversed = direction == .before || direction == .through
    var sql = keysOnly ? selectKeys : selectRows
    sql += whereClause(conditions)
    sql += " \(orderBy(reversed: reversed)) LIMIT ?"
    values.append(limit.databaseValue)
    if offset > 0 {
      // Only to step over sort keys (see `RecordReader.walk`): SQLite steps its index, nothing is fetched.
      sql += " OFFSET ?"
      values.append(offset.databaseValue)
    }
    return (sql, baseArguments + StatementArguments(values))
  }

  /// The first `limit` rows across sections: by section value, then in the order (its
  /// arguments included).
  func firstRows(limit: Int) -> (sql: String, arguments: StatementArguments) {
    let order =
      (section.map { ["\($0) ASC"] } ?? []) + terms.map { "\($0.expression) \($0.isDescending ? "DESC" : "ASC")" }
    return (
      "\(selectRows)\(whereClause([])) ORDER BY \(order.joined(separator: ", ")) LIMIT ?",
      baseArguments + StatementArguments([limit.databaseValue])
    )
  }

  /// The rows of a section before `key` (its position), counted.
  func countBefore(section sectionValue: DatabaseValue?, _ key: SortKey) -> (sql: String, arguments: StatementArguments)
  {
    var conditions: [String] = []
    var values: [DatabaseValue] = []
    if let section {
      conditions.append("\(section) IS ?")
      values.append(sectionValue ?? .null)
    }
    let keyset = self.keyset(.before, key)
    conditions.append(keyset.sql)
    values += keyset.values
    return ("SELECT COUNT(*) FROM \(keysFrom)\(whereClause(conditions))", baseArguments + StatementArguments(values))
  }

  /// Each section's value and row count, in section order (one `GROUP BY`), or the one count.
  /// (Its arguments: ``baseArguments``.)
  var counts: String {
    guard let section else { return "SELECT NULL, COUNT(*) FROM \(keysFrom)\(whereClause([], counting: true))" }
    return
      "SELECT \(section), COUNT(*) FROM \(keysFrom)\(whereClause([], counting: true)) GROUP BY \(section) ORDER BY \(section)"
  }

  /// The row with a key (its arguments: ``baseArguments`` and the key).
  var rowWithKey: String { "\(selectRows)\(whereClause(["\(keyExpression) = ?"]))" }

  /// The condition of the rows on `direction` of `key`: a row value comparison when every term goes the same way
  /// and none may hold NULL (SQLite serves it from the index), else its expansion, term by term, in which a term
  /// that may hold NULL compares as SQLite sorts it (NULL before every value going up): equal is `IS`, after a NULL
  /// is `IS NOT NULL`, before a value includes the NULLs, and nothing is before a NULL.
  func keyset(_ direction: Direction, _ key: SortKey) -> (sql: String, values: [DatabaseValue]) {
    let forward = direction == .after || direction == .from
    let inclusive = direction == .from || direction == .through
    if terms.allSatisfy({ $0.isDescending == terms[0].isDescending && !$0.mayBeNull }) {
      let greater = forward != terms[0].isDescending
      let op = (greater ? ">" : "<") + (inclusive ? "=" : "")
      let columns = terms.map(\.expression).joined(separator: ", ")
      let marks = Array(repeating: "?", count: terms.count).joined(separator: ", ")
      return ("(\(columns)) \(op) (\(marks))", key.values)
    }
    func equal(_ term: Term, _ value: DatabaseValue, into values: inout [DatabaseValue]) -> String {
      values.append(value)
      return "\(term.expression) \(term.mayBeNull ? "IS" : "=") ?"
    }
    var clauses: [String] = []
    var values: [DatabaseValue] = []
    branches: for i in terms.indices {
      var parts: [String] = []
      var branchValues: [DatabaseValue] = []
      for j in 0..<i { parts.append(equal(terms[j], key.values[j], into: &branchValues)) }
      // Going up in SQLite's order of the term (NULL first) or down.
      let greater = forward != terms[i].isDescending
      let value = key.values[i]
      let term = terms[i].expression
      switch (greater, value.isNull, terms[i].mayBeNull) {
      case (true, true, _): parts.append("\(term) IS NOT NULL")
      case (true, false, _):
        parts.append("\(term) > ?")
        branchValues.append(value)
      case (false, true, _): continue branches  // nothing sorts before NULL
      case (false, false, true):
        parts.append("(\(term) < ? OR \(term) IS NULL)")
        branchValues.append(value)
      case (false, false, false):
        parts.append("\(term) < ?")
        branchValues.append(value)
      }
      clauses.append("(" + parts.joined(separator: " AND ") + ")")
      values += branchValues
    }
    if inclusive {
      var parts: [String] = []
      for (term, value) in zip(terms, key.values) { parts.append(equal(term, value, into: &values)) }
      clauses.append("(" + parts.joined(separator: " AND ") + ")")
    }
    return clauses.isEmpty ? ("0", []) : ("(" + clauses.joined(separator: " OR ") + ")", values)
  }

  /// The sort key of a fetched row.
  func sortKey(of row: Row) -> SortKey {
    SortKey(values: terms.map { row[$0.name] as DatabaseValue })
  }

  /// The index that serves the order, as a statement to create it (a table source).
  var suggestedIndex: String {
    let columns = ([section].compactMap { $0 } + terms.map { $0.expression + ($0.isDescending ? " DESC" : "") })
    let table: String =
      switch request.source {
      case .table(let name): name
      case .sql: "<table>"
      }
    let name = "\(table)_tableview_order".quotedDatabaseIdentifier
    return "CREATE INDEX \(name) ON \(table.quotedDatabaseIdentifier)(\(columns.joined(separator: ", ")))"
  }

  /// Checks the request against the schema: the table or view, the columns, the key's
  /// uniqueness; returns the warnings (an order no index serves).
  /// - Throws: ``SQLiteRecordError`` for a missing table or column, a key that is not unique, a
  ///   query that cannot be prepared.
  mutating func check(_ db: Database) throws(SQLiteRecordError) -> [SQLiteRecordError] {
    let source = request.sourceDescription
    do {
      let columns: [String]
      switch request.source {
      case .table(let name):
        guard try db.tableExists(name) || db.viewExists(name) else { throw SQLiteRecordError.noSuchTable(name) }
        let infos = try db.columns(in: name)
        columns = infos.map(\.name)
        // Declared NOT NULL, or the rowid's alias (INTEGER PRIMARY KEY): never NULL. A query's columns may be.
        var notNull = Set(infos.filter(\.isNotNull).map { $0.name.lowercased() })
        if try db.tableExists(name), let alias = try db.primaryKey(name).rowIDColumn {
          notNull.insert(alias.lowercased())
        }
        for i in terms.indices where terms[i].expression != "rowid" {
          let column = terms[i].name == Self.keyName ? keyColumnName : terms[i].name
          terms[i].mayBeNull = !notNull.contains(column?.lowercased() ?? "")
        }
      case .sql(let sql, let arguments):
        let statement = try db.makeStatement(sql: "SELECT * FROM (\(sql)) LIMIT 0")
        try statement.setArguments(arguments)
        columns = statement.columnNames
        for i in terms.indices {
          let column = terms[i].name == Self.keyName ? keyColumnName : terms[i].name
          if request.notNullColumns.contains(column?.lowercased() ?? "") { terms[i].mayBeNull = false }
        }
      }
      let known = Set(columns.map { $0.lowercased() })
      var named =
        request.ordering.map(\.column) + [request.sectionColumn].compactMap { $0 } + (request.filter?.columns ?? [])
      if case .column(let key) = request.key { named.append(key) }
      for column in named where !known.contains(column.lowercased()) {
        throw SQLiteRecordError.noSuchColumn(column, source: source)
      }
      switch (request.key, request.source) {
      case (.rowID, .sql):
        throw SQLiteRecordError.noSuchColumn("rowid", source: source)
      case (.rowID, .table(let name)):
        do {
          _ = try db.makeStatement(sql: "SELECT rowid FROM \(name.quotedDatabaseIdentifier) LIMIT 0")
        } catch {
          throw SQLiteRecordError.noSuchColumn("rowid", source: source)
        }
      case (.column(let key), .table(let name)):
        if try db.tableExists(name), try !db.table(name, hasUniqueKey: [key]) {
          throw SQLiteRecordError.keyNotUnique(key, source: source)
        }
      case (.column, .sql):
        break  // A query's key is checked in every page read.
      }
      if let table = request.filter?.fullTextTable, try !db.tableExists(table) {
        throw SQLiteRecordError.noSuchTable(table)
      }
      keptCounts = try SQLiteSectionCounts.counts(for: request, db)
      let first = query(section: .null, .after, nil, limit: 1)
      let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(first.sql)", arguments: first.arguments)
        .map { $0["detail"] as String? ?? "" }
      return plan.contains(where: { $0.contains("TEMP B-TREE") })
        ? [.orderNotIndexed(source: source, index: suggestedIndex)] : []
    } catch let error as SQLiteRecordError {
      throw error
    } catch {
      throw SQLiteRecordError(error, source: source)
    }
  }
}

/// A row's place in the total order: the values of the order's terms (the key last).
struct SortKey: Sendable, Hashable {
  var values: [DatabaseValue]
}

extension SQLiteRecordRequest.Key {
  /// The key's column, or `nil` for the rowid.
  var columnName: String? {
    switch self {
    case .rowID: nil
    case .column(let name): name
    }
  }
}
