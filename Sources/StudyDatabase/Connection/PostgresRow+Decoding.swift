import PostgresNIO

extension PostgresRow {
    /// The row's columns as `type`. A row that does not decode is `.corruptRow` naming `what`, the column and the
    /// types, never the cell's bytes (they may be a participant's answer): a row is never dropped or read as missing.
    func decoded<each Column: PostgresDecodable>(
        _ type: (repeat each Column).Type, what: @autoclosure () -> String
    ) throws(StudyDatabaseError) -> (repeat each Column) {
        do {
            return try decode(type)
        } catch let error as PostgresDecodingError {
            throw .corruptRow(
                what: what(),
                reason:
                    "column \(error.columnName) (\(error.postgresType)) cannot be read as \(error.targetType): \(error.code)"
            )
        } catch {
            throw .corruptRow(what: what(), reason: "unreadable columns")
        }
    }
}

extension PostgresRandomAccessRow {
    /// Column `index` as `type`, with the same errors as `PostgresRow.decoded`.
    func decoded<Column: PostgresDecodable>(
        _ index: Int, as type: Column.Type, what: @autoclosure () -> String
    ) throws(StudyDatabaseError) -> Column {
        do {
            return try self[index].decode(type)
        } catch let error as PostgresDecodingError {
            throw .corruptRow(
                what: what(),
                reason:
                    "column \(error.columnName) (\(error.postgresType)) cannot be read as \(error.targetType): \(error.code)"
            )
        } catch {
            throw .corruptRow(what: what(), reason: "unreadable column \(index)")
        }
    }
}
