package import ArgumentParser

/// `--surveys DIR`: where survey files are read from.
package struct SurveyOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Folder of survey files (default: $REGIMEN_SURVEYS, ./surveys, or the built-in surveys).", valueName: "dir")
    )
    package var surveys: String?

    /// Creates the options (ArgumentParser fills them).
    package init() {}
}

/// `--store PATH`: the care store file.
package struct StoreOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("Care store file (default: $REGIMEN_HOME/store.sqlite).", valueName: "path"))
    package var store: String?

    /// No store named: the default one.
    package init() {}
}
