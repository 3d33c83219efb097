import Foundation
import RegimenFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Result files on disk: owner-only, written atomically, never overwritten.
public enum ResultFiles {
    /// How many name suffixes (`-2` … ) are tried before giving up.
    static let maximumSuffix = 1000

    /// `<taskIdentifier>-<yyyyMMdd-HHmmss of startDate in timeZone>-<first 8 of taskRunUUID>` (no extension).
    /// Characters other than letters, digits, `.`, `_` and `-` in the identifier become `_`.
    public static func baseName(for result: TaskResult, timeZone: TimeZone) -> String {
        let stamp = CivilDateTime(result.startDate, timeZone: timeZone).compactText
        let run = result.taskRunUUID.uuidString.uppercased().prefix(8)
        return "\(safeIdentifier(result.identifier))-\(stamp)-\(run)"
    }

    /// Writes `result` into `directory` (created with mode 0700 if missing) as a new file with mode 0600,
    /// atomically (temporary file, then hard link to the final name). An existing file is never replaced:
    /// the name gets `-2`, `-3`, … instead. Returns the file's URL.
    public static func write(
        _ result: TaskResult, timeZone: TimeZone, to directory: URL
    ) throws(ResultFileIOError) -> URL {
        let folder = directory.path
        try PosixFile.makeDirectories(folder, mode: 0o700)
        let base = baseName(for: result, timeZone: timeZone)
        let data = ResultFileCodec.encode(result, timeZone: timeZone)
        let temporary = directory.appendingPathComponent(
            ".\(base).\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).tmp").path
        do {
            try PosixFile.createExclusive(temporary, data: data, mode: 0o600)
        } catch {
            throw .cannotWrite(path: temporary, code: error.code)
        }
        defer { PosixFile.remove(temporary) }
        for attempt in 1...maximumSuffix {
            let name = attempt == 1 ? "\(base).json" : "\(base)-\(attempt).json"
            let target = directory.appendingPathComponent(name)
            do {
                try PosixFile.link(temporary, target.path)
                PosixFile.syncDirectory(folder)
                return target
            } catch where error.code == EEXIST {
                continue
            } catch where [EPERM, EOPNOTSUPP, ENOSYS, EMLINK, EXDEV].contains(error.code) {
                // No hard links here: reserve the name exclusively, then atomically replace the empty placeholder.
                do {
                    try PosixFile.createExclusive(target.path, data: Data(), mode: 0o600)
                } catch where error.code == EEXIST {
                    continue
                } catch {
                    throw .cannotWrite(path: target.path, code: error.code)
                }
                do {
                    try PosixFile.rename(temporary, target.path)
                } catch {
                    PosixFile.remove(target.path)
                    throw .cannotWrite(path: target.path, code: error.code)
                }
                PosixFile.syncDirectory(folder)
                return target
            } catch {
                throw .cannotWrite(path: target.path, code: error.code)
            }
        }
        throw .noFreeName(directory: folder, baseName: base)
    }

    /// Reads and decodes the result file at `url`.
    public static func read(_ url: URL) throws(ResultFileIOError) -> TaskResult {
        let bytes: [UInt8]
        do {
            bytes = try PosixFile.readBytes(url.path)
        } catch {
            throw .cannotRead(path: url.path, code: error.code)
        }
        do {
            return try ResultFileCodec.decode(bytes: bytes)
        } catch {
            throw .malformed(path: url.path, error: error)
        }
    }

    private static func safeIdentifier(_ identifier: String) -> String {
        var safe = String(
            identifier.unicodeScalars.prefix(100).map { scalar -> Character in
                let allowed = scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "_" || scalar == "-")
                return allowed ? Character(scalar) : "_"
            })
        if safe.isEmpty { safe = "result" }
        if safe.hasPrefix(".") { safe = "_" + safe.dropFirst() }
        return safe
    }
}
