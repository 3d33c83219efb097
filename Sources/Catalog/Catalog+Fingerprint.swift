import Foundation

extension Catalog {
    /// A digest of every survey file in `directory` (names and contents), cheap to compute without parsing any of
    /// them: equal fingerprints mean the folder has not changed.
    public static func fingerprint(directory: URL) throws(CatalogError) -> String {
        var summary = ""
        for file in try surveyFiles(in: directory) {
            guard let data = try? Data(contentsOf: file) else {
                throw .unreadableDirectory(directory, reason: "cannot read \(file.lastPathComponent)")
            }
            summary += "\(file.lastPathComponent)\u{0}\(Digest.sha256Hex(data))\n"
        }
        return Digest.sha256Hex(Data(summary.utf8))
    }
}
