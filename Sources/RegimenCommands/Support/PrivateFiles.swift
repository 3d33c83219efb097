import Foundation

/// Creates folders and files readable by their owner only: health data stays private.
enum PrivateFiles {
    /// Creates `directory` (and parents) with mode 0700 when missing.
    static func ensureDirectory(_ directory: URL) throws(RegimenError) {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw .io(path: directory.path, problem: "cannot create the folder (\(error.localizedDescription))")
        }
    }
}
