package import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The folder under which this test process makes its temporary folders, removed when the process exits, so that
/// test runs leave no stores or surveys behind in the temporary directory. Shared by the test targets (a target of
/// its own, since test targets cannot import one another).
private let temporaryRoot = FileManager.default.temporaryDirectory.appendingPathComponent("regimen-tests-\(getpid())")

/// Creates `temporaryRoot` and has it removed at exit, once.
private let temporaryRootReady: Void = {
    try? FileManager.default.createDirectory(at: temporaryRoot, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: temporaryRoot) }
}()

/// New temporary folders for tests, all under one folder of this process.
package enum TemporaryFolders {
    /// A new folder path (not created) named `prefix`-<UUID>.
    package static func path(_ prefix: String) -> URL {
        _ = temporaryRootReady
        return temporaryRoot.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    }
}
