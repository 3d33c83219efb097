#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ResearchTasks

/// Writes files that hold health data: created mode 0600, written to a temporary name, then renamed into place.
enum PrivateFile {
    /// Writes `data` to `url` with mode 0600, replacing any file there.
    static func write(_ data: Data, to url: URL) throws(TranscriptError) {
        let path = url.path
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        PosixFile.remove(temporary)  // left over by a run that was killed mid-write
        do throws(PosixFile.Failure) {
            try PosixFile.createExclusive(temporary, data: data, mode: 0o600)
            try PosixFile.rename(temporary, path)
        } catch {
            PosixFile.remove(temporary)
            throw .unwritable(file: path, reason: String(cString: strerror(error.code)))
        }
    }
}
