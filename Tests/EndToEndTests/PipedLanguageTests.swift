import Foundation
import Testing

/// The built `regimen` shows the built-in check-in in the participant's language (docs/languages.md) and records
/// that language in the result, whose answers are the same bytes whatever the language.
@Suite("End to end: piped check-in in Japanese and Chinese", .serialized)
struct PipedLanguageTests {
    @Test("--language ja shows the Japanese texts and records userInfo.language ja in the result file")
    func japaneseRun() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let run = try regimen.run(
            ["run", "checkin", "--language", "ja", "--results", regimen.results.path, "--store", regimen.store.path],
            input: "4\n8\n")
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("以下の質問にお答えください。"))
        #expect(run.stderr.contains("痛みの程度はどのくらいですか？"))
        #expect(run.stderr.contains("昨夜は何時間眠りましたか？"))
        #expect(!run.stderr.contains("How would you rate your pain"))
        let files = regimen.resultFiles()
        try #require(files.count == 1)
        let task = try PipedCheckInTests.json(files[0])
        #expect((task["userInfo"] as? [String: Any])?["language"] as? String == "ja")
        // The care feed keeps the store's English title: the store is synced in the survey's default language.
        let feed = try regimen.run(["--store", regimen.store.path])
        #expect(feed.stdout.contains("Check In"), "\(feed.stdout)")
    }

    @Test("REGIMEN_LANGUAGE=zh-Hans-CN finds zh-Hans; LANG=ja_JP.UTF-8 finds ja; zh-Hant-TW falls back to English")
    func environmentSources() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let cases: [([String: String], String)] = [
            (["REGIMEN_LANGUAGE": "zh-Hans-CN"], "您的疼痛程度如何？"),
            (["LANG": "ja_JP.UTF-8"], "痛みの程度はどのくらいですか？"),
            (["LC_ALL": "zh_TW.UTF-8", "REGIMEN_LANGUAGE": "zh-Hant-TW"], "How would you rate your pain?"),
        ]
        for (offset, (variables, shown)) in cases.enumerated() {
            let run = try regimen.run(
                [
                    "run", "checkin", "--replace", "--results",
                    regimen.sandbox.appendingPathComponent("r\(offset)").path, "--store", regimen.store.path,
                ], input: "4\n8\n", environment: variables)
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(run.stderr.contains(shown), "\(variables): \(run.stderr)")
        }
    }

    @Test("LANG=zh_CN.UTF-8 finds zh-Hans by likely subtags; zh_TW.UTF-8 and C show English; ja_JP.UTF-8 finds ja")
    func posixLocales() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        // The survey's question and Regimen's own hint, both in the language found.
        let cases: [(String, [String], String)] = [
            ("zh_CN.UTF-8", ["您的疼痛程度如何？", "请输入1 到 10 之间的整数。"], "How would you rate your pain?"),
            ("zh_TW.UTF-8", ["How would you rate your pain?", "Enter a whole number from 1 to 10."], "您的疼痛程度如何？"),
            ("ja_JP.UTF-8", ["痛みの程度はどのくらいですか？", "1 から 10 までの整数を入力してください。"], "How would you rate your pain?"),
            ("C", ["How would you rate your pain?", "Enter a whole number from 1 to 10."], "痛み"),
        ]
        for (offset, (locale, shown, absent)) in cases.enumerated() {
            let run = try regimen.run(
                [
                    "run", "checkin", "--replace", "--results",
                    regimen.sandbox.appendingPathComponent("p\(offset)").path, "--store", regimen.store.path,
                ], input: "4\n8\n", environment: ["LANG": locale])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            for text in shown { #expect(run.stderr.contains(text), "\(locale): \(run.stderr)") }
            #expect(!run.stderr.contains(absent), "\(locale): \(run.stderr)")
        }
    }

    @Test("a transcript replayed in ja and in en gives result files byte-identical apart from the recorded language")
    func sameBytesWhateverTheLanguage() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let transcript = regimen.sandbox.appendingPathComponent("checkin.jsonl")
        let recorded = try regimen.run(
            [
                "run", "checkin", "--language", "ja", "--record", transcript.path, "--results",
                regimen.sandbox.appendingPathComponent("live").path, "--store", regimen.store.path,
            ], input: "5\n7\n")
        #expect(recorded.status == 0, "stderr: \(recorded.stderr)")
        let files = try Self.replays(transcript, in: ["ja", "en"], regimen)
        let japanese = String(decoding: try #require(files["ja"]), as: UTF8.self)
        let english = String(decoding: try #require(files["en"]), as: UTF8.self)
        #expect(japanese != english)
        // "ja" occurs once, as the recorded language; with it written as "en" the files are the same bytes.
        #expect(japanese.components(separatedBy: "\"ja\"").count == 2)
        #expect(Data(japanese.replacingOccurrences(of: "\"ja\"", with: "\"en\"").utf8) == files["en"])

        // result show keeps the language: as userInfo in JSON, as QuestionnaireResponse.language in FHIR, whose item
        // texts are in the language the run was shown in.
        let folder = regimen.sandbox.appendingPathComponent("replay-ja")
        let file = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)[0]
        let json = try regimen.run(["result", "show", file.path, "--format", "json"])
        #expect(json.stdout.contains("\"language\""), "\(json.stdout)")
        let fhir = try regimen.run(["result", "show", file.path, "--format", "fhir"])
        #expect(fhir.status == 0, "stderr: \(fhir.stderr)")
        let response = try #require(
            JSONSerialization.jsonObject(with: Data(fhir.stdout.utf8)) as? [String: Any])
        #expect(response["language"] as? String == "ja")
        #expect(fhir.stdout.contains("痛みの程度はどのくらいですか？"))
    }

    /// The ja transcript replayed under en gives the same result file apart from the recorded language.
    @Test("11 at a 1–10 scale is refused in Japanese under ja and in the same English as before under en")
    func answerProblemsInTheLanguage() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let transcript = regimen.sandbox.appendingPathComponent("refused.jsonl")
        let japanese = try regimen.run(
            [
                "run", "checkin", "--language", "ja", "--record", transcript.path, "--results",
                regimen.sandbox.appendingPathComponent("ja").path, "--store", regimen.store.path,
            ], input: "11\n5\n7\n")
        #expect(japanese.status == 0, "stderr: \(japanese.stderr)")
        #expect(
            japanese.stderr.contains("11 は最大値 10 を超えています。1 から 10 までの整数を入力してください。"),
            "\(japanese.stderr)")
        #expect(japanese.stderr.contains("1 から 10 までの整数を入力してください。"))
        #expect(!japanese.stderr.contains("above the maximum"))
        let english = try regimen.run(
            [
                "run", "checkin", "--language", "en", "--replace", "--results",
                regimen.sandbox.appendingPathComponent("en").path, "--store", regimen.store.path,
            ], input: "11\n5\n7\n")
        #expect(english.status == 0, "stderr: \(english.stderr)")
        #expect(
            english.stderr.contains("11 is above the maximum 10: enter a whole number from 1 to 10"),
            "\(english.stderr)")
        #expect(english.stderr.contains("Enter a whole number from 1 to 10."))
        // The refused line changes nothing recorded: the replays differ only in the recorded language.
        let files = try Self.replays(transcript, in: ["ja", "en"], regimen)
        let replayed = String(decoding: try #require(files["ja"]), as: UTF8.self)
        #expect(Data(replayed.replacingOccurrences(of: "\"ja\"", with: "\"en\"").utf8) == files["en"])
    }

    @Test("Regimen's own words in ja and zh-Hans: help and re-prompts, 戻る and 返回; a ja transcript replays under en")
    func ownWords() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let chinese = try regimen.run(
            [
                "run", "checkin", "--language", "zh-Hans", "--results",
                regimen.sandbox.appendingPathComponent("zh").path, "--store", regimen.store.path,
            ], input: "4\n帮助\n返回\n5\n7\n")
        #expect(chinese.status == 0, "stderr: \(chinese.stderr)")
        #expect(chinese.stderr.contains("命令："), "\(chinese.stderr)")
        #expect(chinese.stderr.contains("  返回, back  回到上一步"))
        #expect(!chinese.stderr.contains("Commands:"))
        let quit = try regimen.run(
            ["run", "checkin", "--language", "zh-Hans", "--replace", "--store", regimen.store.path], input: "退出\n")
        #expect(quit.status == 130 && quit.stderr.contains("每日签到：已退出，未保存任何内容"), "\(quit.stderr)")

        let transcript = regimen.sandbox.appendingPathComponent("ja.jsonl")
        let japanese = try regimen.run(
            [
                "run", "checkin", "--language", "ja", "--replace", "--record", transcript.path, "--results",
                regimen.sandbox.appendingPathComponent("ja").path, "--store", regimen.store.path,
            ], input: "4\nヘルプ\n戻る\n5\n\\戻る\n7\n")
        #expect(japanese.status == 0, "stderr: \(japanese.stderr)")
        #expect(japanese.stderr.contains("コマンド："), "\(japanese.stderr)")
        #expect(japanese.stderr.contains("  戻る, back  前のステップに戻ります"))
        #expect(!japanese.stderr.contains("Commands:"))
        #expect(japanese.stdout.contains("に保存しました"), "\(japanese.stdout)")
        // The care feed and today --due in the participant's language, task titles too (the survey's translations
        // kept beside the store's default-language titles, docs/languages.md, "The care feed's titles").
        let feed = try regimen.run(["--store", regimen.store.path], environment: ["REGIMEN_LANGUAGE": "ja"])
        #expect(feed.stdout.contains("達成度") && feed.stdout.contains("件完了）"), "\(feed.stdout)")
        #expect(feed.stdout.contains("チェックイン") && feed.stdout.contains("参加の手続き"), "\(feed.stdout)")
        #expect(!feed.stdout.contains("Check In"))
        let due = try regimen.run(
            ["today", "--due", "--store", regimen.store.path], environment: ["REGIMEN_LANGUAGE": "zh-Hans-CN"])
        #expect(due.status == 0 && due.stdout.contains("待完成"), "\(due.stdout)")
        #expect(due.stdout.contains("入组") && !due.stdout.contains("Onboard"), "\(due.stdout)")
        // In English the store's titles, as synced.
        let english = try regimen.run(["--store", regimen.store.path], environment: ["REGIMEN_LANGUAGE": "en"])
        #expect(english.stdout.contains("Check In") && !english.stdout.contains("チェックイン"), "\(english.stdout)")
        let files = try Self.replays(transcript, in: ["ja", "en"], regimen)
        let replayedJapanese = String(decoding: try #require(files["ja"]), as: UTF8.self)
        #expect(replayedJapanese.components(separatedBy: "\"ja\"").count == 2)
        #expect(Data(replayedJapanese.replacingOccurrences(of: "\"ja\"", with: "\"en\"").utf8) == files["en"])
    }

    /// The result file of replaying `transcript` under each of `languages`, each into a folder `replay-LANGUAGE`.
    static func replays(_ transcript: URL, in languages: [String], _ regimen: RegimenProcess) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for language in languages {
            let folder = regimen.sandbox.appendingPathComponent("replay-\(language)")
            let replay = try regimen.run([
                "replay", "checkin", transcript.path, "--language", language, "--replace", "--results", folder.path,
                "--store", regimen.store.path,
            ])
            #expect(replay.status == 0, "stderr: \(replay.stderr)")
            let written = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            try #require(written.count == 1)
            files[language] = try Data(contentsOf: written[0])
        }
        return files
    }
}
