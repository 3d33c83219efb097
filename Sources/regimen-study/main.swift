import RegimenCommands
import StudyCommands

// `regimen study …`, run by `regimen` from beside itself with the same arguments (Sources/regimen/StudyLauncher.swift):
// every Regimen command plus the study group, so its usage, messages and exit codes are `regimen`'s own.
var app = RegimenApp()
app.commandGroups = StudyCommand.programCommands
await app.mainAsync()
