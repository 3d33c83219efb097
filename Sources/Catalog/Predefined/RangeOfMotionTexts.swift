import RegimenFoundation
import ResearchTasks

/// The participant-facing texts of the range-of-motion tasks (docs/range-of-motion.md, "The tasks") in one language:
/// ResearchKit's English, and Japanese and Simplified Chinese translations of it (docs/languages.md, "Translated
/// texts"). A survey file's own texts are translated in the file; these are generated, so they are translated here.
struct RangeOfMotionTexts: Sendable {
    /// Every step's title.
    let title: String
    /// The line that closes the touch-anywhere step.
    let touchAnywhere: String
    /// The knee task's conclusion title.
    let conclusionTitle: String
    /// The conclusion's text.
    let conclusionText: String
    /// The side as the sentences put it: "left", "左".
    let side: @Sendable (RangeOfMotionContent.Limb) -> String
    /// The knee task's instruction bullets, for a side.
    let kneeBullets: @Sendable (String) -> [String]
    /// The knee task's touch-anywhere text before `touchAnywhere`, for a limb (ResearchKit's English right-side
    /// string ends with an extra newline).
    let kneeTouch: @Sendable (RangeOfMotionContent.Limb, String) -> String
    /// The knee measurement step's text.
    let kneeMeasure: @Sendable (String) -> String
    /// The shoulder task's instruction detail and instructions 1–3, for a side.
    let shoulderInstructions: @Sendable (String) -> [String]
    /// The shoulder task's touch-anywhere text before `touchAnywhere`.
    let shoulderTouch: @Sendable (String) -> String
    /// The shoulder measurement step's text.
    let shoulderMeasure: @Sendable (String) -> String

    /// The texts in the language a survey is shown in: its BCP 47 lookup among English, Japanese and Simplified
    /// Chinese, else English.
    static func shown(in language: LanguageTag?) -> RangeOfMotionTexts {
        guard let language, let japanese = LanguageTag("ja"), let chinese = LanguageTag("zh-Hans") else {
            return english
        }
        switch LanguageTag.lookup([language], in: [japanese, chinese]) {
        case japanese?: return Self.japanese
        case chinese?: return Self.chinese
        default: return english
        }
    }

    /// ResearchKit's own texts.
    static let english = RangeOfMotionTexts(
        title: "Range of Motion",
        touchAnywhere: "Touch anywhere to continue",
        conclusionTitle: "Activity Complete",
        conclusionText: "Your data will be analyzed and you will be notified when your results are ready.",
        side: { $0.rawValue },
        kneeBullets: { side in
            [
                "This activity measures how far you can extend your \(side) knee.",
                "Sit on the edge of a chair. You will put your device on your \(side) knee. Make sure the sound is turned on.",
                "Place your device on your \(side) knee with the screen facing out, as pictured.",
                "When you are ready, tap the screen to begin and extend your \(side) knee as far as you can. "
                    + "Then return your knee to the start position and tap the screen again.",
            ]
        },
        kneeTouch: { limb, side in
            "Place your device on your \(side) knee.\n\nTap the screen and extend your \(side) knee as far as you can."
                + (limb == .right ? "\n" : "") + "\n"
        },
        kneeMeasure: { side in
            "When you are done, return your \(side) knee to the start position.\n\nThen tap anywhere."
        },
        shoulderInstructions: { side in
            [
                "This activity measures how far you can extend your \(side) shoulder.",
                "You will put your device on your \(side) shoulder. Make sure the sound is turned on.",
                "Place your device on your \(side) shoulder with the screen facing out, as pictured.",
                "When you are ready, tap the screen to begin and raise your \(side) arm as far as you can. "
                    + "Then return your arm to the start position and tap the screen again.",
            ]
        },
        shoulderTouch: { side in
            "Place your device on your \(side) shoulder. Tap the screen and raise your \(side) arm to the front "
                + "as far as you can.\n"
        },
        shoulderMeasure: { side in
            "When you are done, return your \(side) arm to the start position. Then tap anywhere."
        }
    )

    /// Japanese, polite form.
    static let japanese = RangeOfMotionTexts(
        title: "可動域",
        touchAnywhere: "どこかをタップして続けてください",
        conclusionTitle: "測定完了",
        conclusionText: "データを分析し、結果の準備ができたらお知らせします。",
        side: { $0 == .left ? "左" : "右" },
        kneeBullets: { side in
            [
                "この測定では、\(side)膝をどこまで伸ばせるかを測ります。",
                "椅子の端に座ってください。デバイスを\(side)膝の上に置きます。音が出る設定になっていることを確認してください。",
                "図のように、画面を外側に向けてデバイスを\(side)膝の上に置いてください。",
                "準備ができたら画面をタップして開始し、\(side)膝をできるだけ伸ばしてください。"
                    + "その後、膝を元の位置に戻して、もう一度画面をタップしてください。",
            ]
        },
        kneeTouch: { _, side in
            "デバイスを\(side)膝の上に置いてください。\n\n画面をタップして、\(side)膝をできるだけ伸ばしてください。\n"
        },
        kneeMeasure: { side in
            "終わったら、\(side)膝を元の位置に戻してください。\n\nその後、どこかをタップしてください。"
        },
        shoulderInstructions: { side in
            [
                "この測定では、\(side)肩をどこまで動かせるかを測ります。",
                "デバイスを\(side)肩の上に置きます。音が出る設定になっていることを確認してください。",
                "図のように、画面を外側に向けてデバイスを\(side)肩の上に置いてください。",
                "準備ができたら画面をタップして開始し、\(side)腕をできるだけ高く上げてください。"
                    + "その後、腕を元の位置に戻して、もう一度画面をタップしてください。",
            ]
        },
        shoulderTouch: { side in
            "デバイスを\(side)肩の上に置いてください。画面をタップして、\(side)腕を前方にできるだけ高く上げてください。\n"
        },
        shoulderMeasure: { side in
            "終わったら、\(side)腕を元の位置に戻してください。その後、どこかをタップしてください。"
        }
    )

    /// Simplified Chinese.
    static let chinese = RangeOfMotionTexts(
        title: "关节活动度",
        touchAnywhere: "轻触任意位置继续",
        conclusionTitle: "活动完成",
        conclusionText: "我们将分析您的数据，结果准备好后会通知您。",
        side: { $0 == .left ? "左" : "右" },
        kneeBullets: { side in
            [
                "本项活动测量您的\(side)膝能伸展多大幅度。",
                "请坐在椅子边缘。您需要把设备放在\(side)膝上。请确保已打开声音。",
                "如图所示，将设备屏幕朝外放在\(side)膝上。",
                "准备好后，轻触屏幕开始，尽量伸展您的\(side)膝。然后将膝盖放回起始位置，再次轻触屏幕。",
            ]
        },
        kneeTouch: { _, side in
            "请将设备放在\(side)膝上。\n\n轻触屏幕，尽量伸展您的\(side)膝。\n"
        },
        kneeMeasure: { side in
            "完成后，请将\(side)膝放回起始位置。\n\n然后轻触任意位置。"
        },
        shoulderInstructions: { side in
            [
                "本项活动测量您的\(side)肩能活动多大幅度。",
                "您需要把设备放在\(side)肩上。请确保已打开声音。",
                "如图所示，将设备屏幕朝外放在\(side)肩上。",
                "准备好后，轻触屏幕开始，尽量抬高您的\(side)臂。然后将手臂放回起始位置，再次轻触屏幕。",
            ]
        },
        shoulderTouch: { side in
            "请将设备放在\(side)肩上。轻触屏幕，将您的\(side)臂尽量向前抬高。\n"
        },
        shoulderMeasure: { side in
            "完成后，请将\(side)臂放回起始位置。然后轻触任意位置。"
        }
    )
}
