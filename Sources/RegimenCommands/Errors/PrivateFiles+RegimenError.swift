package import Foundation
import RegimenFoundation
import SystemPackage

extension PrivateFiles {
    /// Creates `directory` (and parents) with mode 0700 when missing; failures in the commands' wording.
    static func ensureDirectory(_ directory: URL) throws(RegimenError) {
        do throws(FileError) {
            try makeFolder(FilePath(directory.path))
        } catch {
            let place = error.path.string == directory.path ? "" : " \(error.path.string)"
            let problem = if case .notAFolder = error { "\(error.path.string) is not a folder" } else { error.reason }
            throw .io(path: directory.path, problem: "cannot create the folder\(place) (\(problem))")
        }
    }
}

extension PrivateFiles {
    /// Replaces (or creates) the file at `url` with `text` atomically, mode 0600 (`writeAtomically`); failures in the
    /// commands' wording, naming the file.
    static func replace(_ url: URL, text: String) throws(RegimenError) {
        do throws(FileError) {
            try writeAtomically(FilePath(url.path), bytes: Array(text.utf8))
        } catch {
            throw .io(path: url.path, problem: "cannot be written (\(error.reason))")
        }
    }
}

extension PrivateFiles {
    /// Creates the file at `url` holding `bytes`, mode 0600, refusing one that exists (`createExclusive`); failures in
    /// the commands' wording, naming the file.
    package static func createNew(_ url: URL, bytes: some Sequence<UInt8>) throws(RegimenError) {
        do throws(FileError) {
            try createExclusive(FilePath(url.path), bytes: bytes)
        } catch {
            if case .cannotCreate(_, let errno) = error, errno == .fileExists {
                throw .io(path: url.path, problem: "exists already; nothing was written (choose a new name)")
            }
            throw .io(path: url.path, problem: "cannot be written (\(error.reason))")
        }
    }
}
