import Foundation
import ResearchTasks
import SystemPackage
import TestSupport

@testable import Catalog

/// Shared fixtures: the package root, a pinned UTC calendar, temporary survey folders.
enum CatalogFixture {
    /// The package root (two folders above this file's folder).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The repo-root `surveys/` folder.
    static let surveysDirectory = packageRoot.appendingPathComponent("surveys", isDirectory: true)

    /// Gregorian calendar pinned to UTC.
    static let utc: Calendar = Pinned.calendar("UTC")

    /// A UTC date from components.
    static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0)
        -> Date
    {
        utc.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }

    /// Writes files into a fresh temporary folder named `folderName` and returns it.
    static func folder(_ files: [String: String], named folderName: String = "surveys") throws -> URL {
        let base = TemporaryFolders.path("catalog-tests")
        let folder = base.appendingPathComponent(folderName, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// Loads a folder and returns its problems (empty when it loads).
    static func problems(_ folder: URL) -> [CatalogProblem] {
        do {
            _ = try Catalog.load(directory: FilePath(folder.path), calendar: utc)
            return []
        } catch {
            return error.problems
        }
    }

    /// Loads one survey text as the only file of a folder and returns its problems as "path: reason" lines.
    static func problemLines(_ yaml: String) throws -> [String] {
        problems(try folder(["t.yaml": yaml])).map { $0.path.isEmpty ? $0.reason : "\($0.path): \($0.reason)" }
    }

    /// Loads one survey text that must be valid and returns its entry.
    static func entry(_ yaml: String) throws -> CatalogEntry {
        let catalog = try Catalog.load(directory: FilePath(try folder(["t.yaml": yaml]).path), calendar: utc)
        return catalog.entries[0]
    }
}
