import PainScoring
import RegimenCommands

// Every Regimen command, named painstudy, with the study's Swift extractor registered.
RegimenApp(commandName: "painstudy", extractors: [TotalScoreExtractor()]).main()
