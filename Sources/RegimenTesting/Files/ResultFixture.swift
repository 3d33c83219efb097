public import Foundation
public import ResearchTasks
import SystemPackage

/// Result files used as test input, found relative to the test source file.
public enum ResultFixture {
    /// Reads the result file at `path`; a relative path is taken from the folder of `filePath` (the calling
    /// test file by default), so `load("Fixtures/checkin.json")` finds a file beside the test. The tree comes without
    /// the JSON objects it was read from, so it equals the same tree built with `ResultTree`.
    public static func load(_ path: String, relativeTo filePath: String = #filePath) throws(OutcomeTestFailure)
        -> TaskResult
    {
        do {
            return try ResultFiles.read(FilePath(url(path, relativeTo: filePath).path)).removingSources()
        } catch {
            throw .unreadableResultFile("\(error)")
        }
    }

    /// The URL `path` names, relative paths being taken from the folder of `filePath`.
    public static func url(_ path: String, relativeTo filePath: String = #filePath) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(path)
            .standardizedFileURL
    }
}
