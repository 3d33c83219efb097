import Foundation
package import RegimenFoundation

/// Where the words' resources are and how they are read (docs/languages.md, "Regimen's own words"): the
/// `Regimen_ParticipantWords.resources` folder SwiftPM builds, found beside the executable without `Bundle.module` (as
/// `SurveyLocation` finds the surveys), and one `<language>.lproj` folder in it per shipped language.
package enum WordsLocation {
    private static let resourceFolderName = "Regimen_ParticipantWords.resources"

    /// The resources folder: beside the executable (an installed `regimen`, a test bundle), else where
    /// `Bundle.module` says.
    package static let resources: String =
        besideExecutable() ?? (Bundle.module.resourceURL ?? Bundle.module.bundleURL).path

    /// The `.lproj` folder of `language`, nil when the resources have none. SwiftPM writes the folder's name in lower
    /// case (`zh-hans.lproj`).
    package static func languageFolder(_ language: LanguageTag) -> String? {
        for name in [language.description, language.description.lowercased()] {
            let folder = resources + "/" + name + ".lproj"
            if FileManager.default.fileExists(atPath: folder) { return folder }
        }
        return nil
    }

    /// The key-value pairs of a `.strings` file (an old-style property list), nil when it cannot be read.
    package static func readStrings(at path: String) -> [String: String]? {
        dictionary(at: path)?.compactMapValues { $0 as? String }
    }

    /// The entries of a `.stringsdict` file, nil when it cannot be read; an entry not in the format is left out.
    package static func readPlurals(at path: String) -> [String: PluralEntry]? {
        dictionary(at: path)?.compactMapValues { PluralEntry($0) }
    }

    /// A property list file's top-level dictionary. A missing or broken file gives nil and `Words` shows the English
    /// text instead: the shipped files are checked whole by `ParticipantWordsTests`, and a participant is better
    /// served by English than by a run that stops.
    private static func dictionary(at path: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        do {
            return try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        } catch {
            return nil
        }
    }

    private static func besideExecutable() -> String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        let folder = (executable as NSString).deletingLastPathComponent + "/" + resourceFolderName
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        return folder
    }
}
