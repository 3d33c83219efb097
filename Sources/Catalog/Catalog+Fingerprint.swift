import Foundation
package import SystemPackage

extension Catalog {
    /// A digest of every survey file in `directory` (names and contents), cheap to compute without parsing any of
    /// them: equal fingerprints mean the folder has not changed.
    package static func fingerprint(directory: FilePath) throws(CatalogError) -> String {
        var summary = ""
        for file in try surveyFiles(in: directory) + articleFiles(in: directory) {
            // Read as loading reads it: a file loading refuses (too large, not a regular file) gets a fingerprint
            // no loaded folder has, so the folder is loaded and the refusal reported.
            switch SurveyFileReader.contents(of: file, limit: SurveyLimits.standard.maximumBytes) {
            case .success(let data):
                summary += "\(name(of: file))\u{0}\(Digest.sha256Hex(data))\n"
            case .failure(let refusal):
                summary += "\(name(of: file))\u{0}refused: \(refusal.reason)\n"
            }
        }
        return Digest.sha256Hex(Data(summary.utf8))
    }
}
