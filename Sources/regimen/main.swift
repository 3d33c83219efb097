import RegimenCommands

RegimenApp().main()
