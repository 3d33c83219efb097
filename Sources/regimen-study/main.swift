import RegimenCommands

// `regimen study …`, run by `regimen` from beside itself with the same arguments (Sources/regimen/StudyLauncher.swift):
// every Regimen command plus the study group, so its usage, messages and exit codes are `regimen`'s own.
await RegimenStudy.mainAsync()
