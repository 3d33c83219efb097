import RegimenCommands

// `regimen study …`, `enroll …` and `sync …` are the `regimen-study` program beside this one: only it links the
// PostgreSQL client, which would otherwise load with every command participants run each day (docs/study-database.md,
// "Connecting").
if StudyLauncher.names(CommandLine.arguments.dropFirst()) {
    StudyLauncher.run(Array(CommandLine.arguments.dropFirst()))
}
Regimen.main()
