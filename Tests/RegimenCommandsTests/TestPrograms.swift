import RegimenCommands

/// `regimen`'s command tree without the study program's launchers, as the tests parse it.
enum PlainRegimen: RegimenProgram {
    static let app = RegimenApp()
}

/// A study's program with its own name, as Examples/PainScoreStudy declares one.
enum PainStudyProgram: RegimenProgram {
    static let app = RegimenApp(commandName: "painstudy")
}
