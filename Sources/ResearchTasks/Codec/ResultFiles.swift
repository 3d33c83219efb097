package import Foundation
package import RegimenFoundation
package import SystemPackage

/// Result files on disk: owner-only, written atomically, never overwritten.
package enum ResultFiles {
    /// How many name suffixes (`-2` … ) are tried before giving up.
    static let maximumSuffix = 1000

    /// The most bytes a result file may hold: recordings are files of their own, so result files are small, and a
    /// larger file is refused unread rather than read whole (docs/researchkit-results.md, "How large a result file may
    /// be").
    package static let maximumBytes = 64 * 1_048_576

    /// `<taskIdentifier>-<yyyyMMdd-HHmmss of startDate in timeZone>-<first 8 of taskRunUUID>` (no extension).
    /// Characters other than letters, digits, `.`, `_` and `-` in the identifier become `_`.
    package static func baseName(for result: TaskResult, timeZone: TimeZone) -> String {
        let stamp = CivilDateTime(result.startDate, timeZone: timeZone).compactText
        let run = result.taskRunUUID.uuidString.uppercased().prefix(8)
        return "\(safeIdentifier(result.identifier))-\(stamp)-\(run)"
    }

    /// Writes `result` into `directory` (created with mode 0700 if missing) as a new file with mode 0600,
    /// atomically (temporary file, then linked to the final name). An existing file is never replaced:
    /// the name gets `-2`, `-3`, … instead (`.noFreeName` when all of them are taken). Returns the file's path.
    package static func write(
        _ result: TaskResult, timeZone: TimeZone, to folder: FilePath
    ) throws(FileError) -> FilePath {
        let base = baseName(for: result, timeZone: timeZone)
        let names = (1...maximumSuffix).lazy.map { folder.appending($0 == 1 ? "\(base).json" : "\(base)-\($0).json") }
        try PrivateFiles.makeFolder(folder)
        let written = try PrivateFiles.writeNew(
            bytes: ResultFileCodec.encode(result, timeZone: timeZone), firstFreeOf: names)
        guard let written else { throw .noFreeName(folder: folder, name: "\(base).json") }
        return written
    }

    /// Reads and decodes the result file at `path`.
    package static func read(_ path: FilePath) throws(ResultFileReadError) -> TaskResult {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, limit: maximumBytes)
        } catch {
            throw .file(error)
        }
        do {
            return try ResultFileCodec.decode(bytes: bytes)
        } catch {
            throw .malformed(path: path, error)
        }
    }

    /// `identifier` as a part of a file name: characters other than letters, digits, `.`, `_` and `-` become `_`, at
    /// most 100 of them, never empty, never starting with `.`.
    package static func safeIdentifier(_ identifier: String) -> String {
        var safe = String(
            identifier.unicodeScalars.prefix(100).map { scalar -> Character in
                let allowed =
                    scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "_" || scalar == "-")
                return allowed ? Character(scalar) : "_"
            })
        if safe.isEmpty { safe = "result" }
        if safe.hasPrefix(".") { safe = "_" + safe.dropFirst() }
        return safe
    }
}
