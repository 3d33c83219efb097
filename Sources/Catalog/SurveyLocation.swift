import Foundation
package import SystemPackage

/// Where the survey folder is (docs/command-line-conventions.md, "Where surveys come from"): `--surveys DIR`, else
/// `$REGIMEN_SURVEYS`, else `./surveys` when the current folder has one, else the surveys shipped with the build.
package enum SurveyLocation {
    /// The environment variable naming a survey folder.
    package static let environmentVariable = "REGIMEN_SURVEYS"

    /// Which rule picked the folder.
    package enum Source: Sendable, Hashable, CustomStringConvertible {
        /// The `--surveys` option.
        case commandLine
        /// The `REGIMEN_SURVEYS` environment variable.
        case environment
        /// `./surveys` in the current folder.
        case currentDirectory
        /// The surveys bundled with the build.
        case bundled

        /// A phrase for `regimen validate` output, e.g. "from --surveys".
        package var description: String {
            switch self {
            case .commandLine: "from --surveys"
            case .environment: "from $\(SurveyLocation.environmentVariable)"
            case .currentDirectory: "from ./surveys in the current folder"
            case .bundled: "shipped with the program"
            }
        }
    }

    /// Picks the survey folder; relative paths are taken from `currentDirectory`.
    package static func resolve(
        explicit: String?, environment: [String: String], currentDirectory: FilePath
    ) -> (path: FilePath, source: Source) {
        if let explicit, !explicit.isEmpty {
            return (absolute(explicit, from: currentDirectory), .commandLine)
        }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            return (absolute(fromEnvironment, from: currentDirectory), .environment)
        }
        let local = currentDirectory.appending("surveys")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: local.string, isDirectory: &isDirectory), isDirectory.boolValue {
            return (local, .currentDirectory)
        }
        return (bundledDirectory, .bundled)
    }

    /// The folder of surveys shipped as resources of the Catalog target.
    package static var bundledDirectory: FilePath { bundled }

    private static let resourceFolderName = "Regimen_Catalog.resources"

    /// SwiftPM puts the resources beside the executable; finding them there directly spares `Bundle.module` (which
    /// builds `Bundle.main` first) on every start of `regimen`. `Bundle.module` remains the answer when they are not.
    private static let bundled: FilePath = besideExecutable() ?? bundleModuleDirectory

    /// Where `Bundle.module` says the resources are (the one place a path comes as a URL).
    static var bundleModuleDirectory: FilePath { FilePath((Bundle.module.resourceURL ?? Bundle.module.bundleURL).path) }

    private static func besideExecutable() -> FilePath? {
        var buffer = [UInt8](repeating: 0, count: 4097)
        let length = buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) {
                readlink("/proc/self/exe", $0, pointer.count - 1)
            }
        }
        guard length > 0, length < buffer.count - 1 else { return nil }
        let folder = FilePath(String(decoding: buffer[..<length], as: UTF8.self))
            .removingLastComponent()
            .appending(resourceFolderName)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.string, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            return nil
        }
        return folder
    }

    private static func absolute(_ path: String, from base: FilePath) -> FilePath {
        base.pushing(FilePath((path as NSString).expandingTildeInPath)).lexicallyNormalized()
    }
}
