import RegimenCommands
import StudyCommands

/// `regimen-study`: every Regimen command plus the study group, named `regimen`.
enum RegimenStudy: RegimenProgram {
    static let app = RegimenApp(commandGroups: StudyCommand.programCommands)
}
