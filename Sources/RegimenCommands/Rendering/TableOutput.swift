import Crypto
import RegimenFoundation
package import SystemPackage

/// Where a streamed table goes: standard output, or a new private file whose SHA-256 is computed as it is written
/// (for `study export`'s manifest). Buffered; nothing is held beyond one block.
package final class TableOutput {
    private enum Destination {
        case standardOutput
        case file(PrivateFileWriter)
    }

    private let destination: Destination
    private var buffer: [UInt8] = []
    /// Only files are hashed (the manifest lists them); standard output is not.
    private var hasher: SHA256?
    /// Rows written so far (set by `TableWriter`).
    package var rows = 0

    private init(_ destination: Destination) {
        self.destination = destination
        if case .file = destination { hasher = SHA256() }
        buffer.reserveCapacity(1 << 16)
    }

    /// Standard output.
    package static func standardOutput() -> TableOutput { TableOutput(.standardOutput) }

    /// A new private file at `path` (0600).
    package static func file(_ path: FilePath) throws(RegimenError) -> TableOutput {
        do throws(FileError) {
            return TableOutput(.file(try PrivateFileWriter(creating: path)))
        } catch {
            throw .file(error)
        }
    }

    /// Appends text.
    package func write(_ text: String) throws(RegimenError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Appends bytes (UTF-8 text).
    package func write(bytes: ArraySlice<UInt8>) throws(RegimenError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Writes what is buffered and, for a file, flushes and closes it; returns the lowercase hex SHA-256 of a file's
    /// bytes (empty for standard output).
    @discardableResult
    package func finish() throws(RegimenError) -> String {
        try flush()
        if case .file(let writer) = destination {
            do throws(FileError) {
                try writer.finish()
            } catch {
                throw .file(error)
            }
        }
        guard let hasher else { return "" }
        return HexText.lowercase(hasher.finalize())
    }

    /// Removes an unfinished file.
    package func abandon() {
        if case .file(let writer) = destination { writer.abandon() }
    }

    private func flush() throws(RegimenError) {
        guard !buffer.isEmpty else { return }
        hasher?.update(data: buffer)
        switch destination {
        case .standardOutput:
            do {
                _ = try FileDescriptor.standardOutput.writeAll(buffer)
            } catch {
                throw .standardOutputNotWritten(error as? Errno ?? .ioError)
            }
        case .file(let writer):
            do throws(FileError) {
                try writer.write(buffer)
            } catch {
                throw .file(error)
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
