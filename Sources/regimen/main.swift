import RegimenCommands

RegimenCommand.main()
