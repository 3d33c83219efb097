import Foundation

/// Where the survey folder is (DESIGN "Where surveys come from"): `--surveys DIR`, else `$REGIMEN_SURVEYS`,
/// else `./surveys` when the current folder has one, else the surveys shipped with the build.
public enum SurveyLocation {
    /// The environment variable naming a survey folder.
    public static let environmentVariable = "REGIMEN_SURVEYS"

    /// Which rule picked the folder.
    public enum Source: Sendable, Hashable, CustomStringConvertible {
        /// The `--surveys` option.
        case commandLine
        /// The `REGIMEN_SURVEYS` environment variable.
        case environment
        /// `./surveys` in the current folder.
        case currentDirectory
        /// The surveys bundled with the build.
        case bundled

        /// A phrase for `regimen validate` output, e.g. "from --surveys".
        public var description: String {
            switch self {
            case .commandLine: "from --surveys"
            case .environment: "from $\(SurveyLocation.environmentVariable)"
            case .currentDirectory: "from ./surveys in the current folder"
            case .bundled: "shipped with regimen"
            }
        }
    }

    /// Picks the survey folder; relative paths are taken from `currentDirectory`.
    public static func resolve(
        explicit: String?, environment: [String: String], currentDirectory: URL
    ) -> (url: URL, source: Source) {
        if let explicit, !explicit.isEmpty {
            return (absolute(explicit, from: currentDirectory), .commandLine)
        }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            return (absolute(fromEnvironment, from: currentDirectory), .environment)
        }
        let local = currentDirectory.appendingPathComponent("surveys", isDirectory: true)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: local.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return (local, .currentDirectory)
        }
        return (bundledDirectory, .bundled)
    }

    /// The folder of surveys shipped as resources of the Catalog target.
    public static var bundledDirectory: URL {
        Bundle.module.resourceURL ?? Bundle.module.bundleURL
    }

    private static func absolute(_ path: String, from base: URL) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded, isDirectory: true).standardizedFileURL }
        return base.appendingPathComponent(expanded, isDirectory: true).standardizedFileURL
    }
}
