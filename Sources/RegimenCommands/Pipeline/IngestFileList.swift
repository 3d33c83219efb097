import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The files `regimen ingest PATH…` reads: files as named, folders searched recursively for `*.json` (hidden entries
/// skipped). Paths are plain strings and folders are read with `readdir`: Foundation's URL enumeration costs more than
/// decoding the files.
enum IngestFileList {
    /// The files to read (each once, each folder's files sorted by path) and the paths that name nothing.
    static func collect(_ paths: [String], environment: RegimenEnvironment) -> (files: [String], missing: [IngestRejection]) {
        var files: [String] = []
        var seen: Set<String> = []
        var missing: [IngestRejection] = []
        for argument in paths {
            let path = environment.url(forPath: argument).path
            var info = stat()
            guard stat(path, &info) == 0 else {
                missing.append(IngestRejection(file: path, problem: "no such file or folder"))
                continue
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                if seen.insert(path).inserted { files.append(path) }
                continue
            }
            var found: [String] = []
            walk(path, into: &found)
            if paths.count == 1 {
                // One folder: its walk names each file once, so nothing needs remembering.
                files = found.sorted()
                continue
            }
            for file in found.sorted() where seen.insert(file).inserted { files.append(file) }
        }
        return (files, missing)
    }

    /// Appends the `*.json` regular files under `folder`, recursively.
    private static func walk(_ folder: String, into found: inout [String]) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let path = prefix + name
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) || type == Int32(DT_LNK) {
                var info = stat()
                guard stat(path, &info) == 0 else { continue }
                type = info.st_mode & S_IFMT == S_IFDIR ? Int32(DT_DIR) : (info.st_mode & S_IFMT == S_IFREG ? Int32(DT_REG) : -1)
            }
            if type == Int32(DT_DIR) {
                walk(path, into: &found)
            } else if type == Int32(DT_REG), name.lowercased().hasSuffix(".json") {
                found.append(path)
            }
        }
    }
}
