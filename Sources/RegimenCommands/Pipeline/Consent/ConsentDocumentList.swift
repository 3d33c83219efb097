import CareStore
import Catalog
import Foundation
import RegimenFoundation
import ResearchTasks

/// The consent documents of the survey folder: which task holds each, its identifier and current version, and whether
/// the study's other tasks wait for it (docs/consent.md, "The gate"). Recorded in a store setting whenever the folder
/// is synced, so the care feed knows them without reading the folder (as `TaskTitleTranslations` does for titles).
struct ConsentDocumentList: Equatable {
    /// One document.
    struct Item: Equatable {
        var task: String
        var document: String
        var version: String
        var isRequired: Bool
    }

    var items: [Item]

    /// The store setting that holds the list.
    static let settingKey = "consentDocuments"

    /// The documents of `catalog`, in its order.
    init(_ catalog: Catalog) {
        items = catalog.entries.compactMap { entry in
            entry.task.consentDocument.map {
                Item(
                    task: entry.taskIdentifier, document: $0.document.identifier, version: $0.document.version,
                    isRequired: $0.document.isRequired)
            }
        }
    }

    /// A list of the given documents.
    init(items: [Item]) {
        self.items = items
    }

    /// The documents that gate the other tasks.
    var required: [Item] { items.filter(\.isRequired) }

    /// Whether `task` is a consent task (always allowed to run: it is how consent is given).
    func isConsentTask(_ task: String) -> Bool { items.contains { $0.task == task } }

    /// Records the list in `store`, replacing what an earlier folder recorded.
    func record(in store: CareStore) throws(RegimenError) {
        let array = JSONValue.array(
            items.map { item in
                .object([
                    "task": .string(item.task), "document": .string(item.document), "version": .string(item.version),
                    "required": .bool(item.isRequired),
                ])
            })
        let text = items.isEmpty ? "" : JSONWriter.prettyText(array)
        try storeCall { () throws(CareStoreError) in try store.setSetting(Self.settingKey, to: text) }
    }

    /// The list the store recorded; empty when none was (or it does not read as recorded).
    static func recorded(in store: CareStore) throws(RegimenError) -> ConsentDocumentList {
        let text = try storeCall { () throws(CareStoreError) in try store.setting(settingKey) }
        guard let text, !text.isEmpty, case .array(let values)? = try? JSONParser.parse(Data(text.utf8)) else {
            return ConsentDocumentList(items: [])
        }
        return ConsentDocumentList(
            items: values.compactMap { value in
                guard case .object(let object) = value, case .string(let task)? = object["task"],
                    case .string(let document)? = object["document"], case .string(let version)? = object["version"]
                else { return nil }
                let required = if case .bool(let flag)? = object["required"] { flag } else { true }
                return Item(task: task, document: document, version: version, isRequired: required)
            })
    }
}
