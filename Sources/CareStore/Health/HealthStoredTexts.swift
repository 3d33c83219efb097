import GRDB

/// The store's side of `HealthTextNumbering`: each number the reader gave a text, mapped to that text's id in
/// `healthText` (found, or added), so a row's numbers become ids just before it is written.
struct HealthStoredTexts {
    private var ids: [Int64] = []

    /// Gives `new`'s texts their ids, in the order the reader numbered them.
    mutating func add(_ new: HealthTextNumbering.NewTexts, _ db: Database) throws {
        if new.restarted { ids.removeAll(keepingCapacity: true) }
        for text in new.texts { ids.append(try Self.id(of: text, db)) }
    }

    /// Replaces the text numbers in prepared rows (`HealthSamplePreparer.textColumns`) with their ids.
    func resolve(_ arguments: inout [DatabaseValue]) {
        let columns = HealthSamplePreparer.columns
        for rowStart in stride(from: 0, to: arguments.count, by: columns) {
            for column in HealthSamplePreparer.textColumns {
                if case .int64(let number) = arguments[rowStart + column].storage {
                    arguments[rowStart + column] = ids[Int(number)].databaseValue
                }
            }
        }
    }

    /// The id of `text` in `healthText`, added when it is not there.
    static func id(of text: String, _ db: Database) throws -> Int64 {
        if let id = try existingID(of: text, db) { return id }
        try db.execute(sql: "INSERT INTO healthText (text) VALUES (?)", arguments: [text])
        return db.lastInsertedRowID
    }

    /// The id of `text` in `healthText`, if it is there.
    static func existingID(of text: String, _ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT id FROM healthText WHERE text = ?", arguments: [text])
    }
}
