import NIOCore
import PostgresNIO

extension StudyConnection {
    /// Bytes sent per COPY data message.
    private static let copyChunk = 256 * 1024

    /// Writes `rows` into `table`'s `columns` with one `COPY … FROM STDIN` (one round trip for the whole batch,
    /// docs/study-database.md, "Ingest"). Table and column names are the program's own, never input.
    func copy(_ rows: CopyTextRows, into table: String, columns: [String], _ operation: String)
        async throws(StudyDatabaseError)
    {
        guard rows.count > 0 else { return }
        do {
            try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
                var start = 0
                let bytes = rows.bytes
                while start < bytes.count {
                    let end = min(bytes.count, start + Self.copyChunk)
                    try await writer.write(ByteBuffer(bytes: bytes[start..<end]))
                    start = end
                }
            }
        } catch {
            throw Self.queryError(error, operation: operation, role: role, server: url.server)
        }
    }
}
