import Foundation
import RegimenFoundation
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads one survey file's bytes, never more than the size limit: a survey folder may hold anything, such as a link to
/// /dev/zero, a named pipe or a 40 MB file, and none of them may hang or fill memory (docs/survey-file-limits.md).
enum SurveyFileReader {
    /// Why a file's bytes were not read; `reason` is worded for `file: reason` messages.
    struct Refusal: Error, Sendable, Hashable {
        var reason: String
    }

    /// The bytes of the regular file at `path`, if it holds at most `limit` bytes.
    static func contents(of path: FilePath, limit: Int) -> Result<Data, Refusal> {
        // Non-blocking, so opening a named pipe does not wait for a writer.
        let descriptor = open(path.string, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(Refusal(reason: "cannot read the file (\(String(cString: strerror(errno))))"))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(Refusal(reason: "cannot read the file")) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(Refusal(reason: "not a regular file")) }
        guard Int(info.st_size) <= limit else { return .failure(tooLarge(limit)) }
        // Read as every file is (RegimenFoundation's FileBytes), never more than one byte past the limit, even if the
        // file grew after fstat.
        do throws(FileError) {
            return .success(
                Data(
                    try FileBytes.readAll(FileDescriptor(rawValue: descriptor), path: path, limit: limit))
            )
        } catch {
            if case .tooLarge = error { return .failure(tooLarge(limit)) }
            return .failure(Refusal(reason: "cannot read the file (\(error.reason))"))
        }
    }

    /// The bytes and UTF-8 text of the regular file at `path` (`contents(of:limit:)`), refused when not UTF-8.
    static func text(of path: FilePath, limit: Int) -> Result<(data: Data, text: String), Refusal> {
        contents(of: path, limit: limit).flatMap { data in
            guard let text = String(data: data, encoding: .utf8) else {
                return .failure(Refusal(reason: "the file is not UTF-8 text"))
            }
            return .success((data, text))
        }
    }

    private static func tooLarge(_ limit: Int) -> Refusal {
        Refusal(reason: "the file is larger than \(limit / 1024) KiB, the most a survey file may hold")
    }
}
