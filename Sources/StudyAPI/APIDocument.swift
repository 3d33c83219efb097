package import Foundation

/// The API's OpenAPI 3.1 document (`openapi.json` beside this file): what `/v1/openapi.json` serves and the tests check
/// the running service against. SwiftPM copies it into `Regimen_StudyAPI.resources` beside the executable, where
/// `scripts/install` puts it too.
package enum APIDocument {
    /// The document's bytes, as committed; nil when the resources are not beside the executable.
    package static let openAPI: Data? = {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let candidates = [
            executable.appendingPathComponent("Regimen_StudyAPI.resources/openapi.json"),
            Bundle.main.bundleURL.appendingPathComponent("Regimen_StudyAPI.resources/openapi.json"),
        ]
        return candidates.lazy.compactMap { try? Data(contentsOf: $0) }.first
    }()
}
