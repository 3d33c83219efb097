import RegimenCommands
import StudyCommands

var app = RegimenApp()
app.commandGroups = [StudyCommand.self]
app.main()
