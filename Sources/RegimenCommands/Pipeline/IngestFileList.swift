import Foundation

/// The files `regimen ingest PATH…` reads: files as named, folders searched recursively for `*.json`.
enum IngestFileList {
    /// The files to read (each once, folders' files sorted by path) and the paths that name nothing.
    static func collect(_ paths: [String], environment: RegimenEnvironment) -> (files: [URL], missing: [IngestRejection]) {
        var files: [URL] = []
        var seen: Set<String> = []
        var missing: [IngestRejection] = []
        let manager = FileManager.default
        func add(_ url: URL) {
            if seen.insert(url.path).inserted { files.append(url) }
        }
        for path in paths {
            let url = environment.url(forPath: path)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                missing.append(IngestRejection(file: url.path, problem: "no such file or folder"))
                continue
            }
            guard isDirectory.boolValue else {
                add(url)
                continue
            }
            let enumerator = manager.enumerator(
                at: url, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
            var found: [URL] = []
            while let next = enumerator?.nextObject() as? URL {
                guard next.pathExtension.lowercased() == "json" else { continue }
                let isFile = (try? next.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile ?? false
                if isFile { found.append(next.standardizedFileURL) }
            }
            for file in found.sorted(by: { $0.path < $1.path }) { add(file) }
        }
        return (files, missing)
    }
}
