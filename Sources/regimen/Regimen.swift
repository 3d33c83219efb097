import ArgumentParser
import RegimenCommands

/// `regimen`: every Regimen command, and the study program's commands listed by their launchers (`StudyLauncher`).
enum Regimen: RegimenProgram {
    static let app = RegimenApp(commandGroups: [StudyLauncher.self, EnrollLauncher.self, SyncLauncher.self])
}
