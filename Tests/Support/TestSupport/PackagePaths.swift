package import Foundation

/// Where a test finds the package's own files.
package enum PackagePaths {
    /// The package root (this file is Tests/Support/TestSupport/PackagePaths.swift).
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures`: the package's own test files.
    package static let fixtures = root.appendingPathComponent("Tests/Fixtures", isDirectory: true)

    /// `surveys/`: the shipped survey folder.
    package static let surveys = root.appendingPathComponent("surveys", isDirectory: true)
}
