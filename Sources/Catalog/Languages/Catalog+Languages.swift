import SystemPackage

extension Catalog {
    /// Whether every survey's texts are in its default language, the language the care store keeps task titles and
    /// schedules in (docs/languages.md): a catalog loaded in another language is for showing, not for syncing.
    package var isInDefaultLanguages: Bool {
        entries.allSatisfy { entry in entry.languages.map { $0.shown == $0.defaultLanguage } ?? true }
    }

    /// Every participant-facing text with no text in one of its file's languages, one problem per text and
    /// language, by file and then language ("surveys/checkin.yaml: steps[1].detail: no ja text"). `regimen validate`
    /// warns of them, and refuses the folder with `--strict`.
    package var untranslatedTexts: [CatalogProblem] {
        let folderName = directory.lexicallyNormalized().lastComponent?.string ?? directory.string
        // The care file's texts too (docs/care-plans.md, "Languages").
        let files = entries.map { ($0.file, $0.languages) } + (care.map { [($0.file, $0.languages)] } ?? [])
        return files.flatMap { file, languages -> [CatalogProblem] in
            guard let languages else { return [] }
            let display = "\(folderName)/\(Catalog.name(of: file))"
            return languages.translations.flatMap { language in
                (languages.untranslated[language] ?? []).map { path in
                    CatalogProblem(
                        file: display, path: path,
                        reason: "no \(language) text (the file has \(language) translations; docs/languages.md)")
                }
            }
        }
    }
}
