package import RegimenFoundation
package import SystemPackage

/// Why a place a command writes at its end cannot take its file, found before a run asks its first question
/// (`RegimenError.unusableOutput`).
package enum OutputProblem: Sendable, Hashable {
    /// The path names a folder where a file is to be written.
    case isAFolder
    /// The folder the file goes in (or a part of the folder's path) is something other than a folder.
    case notAFolder(FilePath)
    /// The folder the file goes in does not exist.
    case folderMissing(FilePath)
    /// No part of the folder's path exists.
    case nothingExists
    /// The folder exists but a new file cannot be created in it.
    case folderRefusesFiles(FilePath, FileError)
}
