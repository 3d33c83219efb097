import PainScoring
import RegimenCommands

/// Every Regimen command, named painstudy, with the study's Swift extractor registered.
enum PainStudy: RegimenProgram {
    static let app = RegimenApp(commandName: "painstudy", extractors: [TotalScoreExtractor()])
}

PainStudy.main()
