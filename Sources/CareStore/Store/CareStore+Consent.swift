public import CareModel
public import Foundation
import GRDB

extension CareStore {
    /// Adds a decision on a consent document (docs/consent.md, "What is kept").
    package func addConsentRecord(_ record: ConsentRecord) throws(CareStoreError) {
        try write("record consent") { db in
            try db.execute(
                sql: """
                    INSERT INTO consentRecord (uuid, documentID, version, digest, language, decision, decidedDate,
                        signatureDate, taskRunUUID, copyFile, copyDigest, pdfFile, pdfDigest)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    record.uuid.uuidString, record.documentID, record.version, record.digest, record.language,
                    record.decision.rawValue, record.decidedDate.timeIntervalSinceReferenceDate, record.signatureDate,
                    record.taskRunUUID?.uuidString, record.copyFile, record.copyDigest, record.pdfFile,
                    record.pdfDigest,
                ])
        }
    }

    /// Every decision on `documentID` (every document when nil), oldest first.
    public func consentRecords(documentID: String? = nil) throws(CareStoreError) -> [ConsentRecord] {
        try read("read consent") { db in
            let rows =
                if let documentID {
                    try Row.fetchAll(
                        db, sql: "SELECT * FROM consentRecord WHERE documentID = ? ORDER BY seq",
                        arguments: [documentID])
                } else {
                    try Row.fetchAll(db, sql: "SELECT * FROM consentRecord ORDER BY seq")
                }
            return try rows.map(Self.consentRecord)
        }
    }

    /// Records the withdrawal of every standing signature of `documentID`; how many were withdrawn.
    package func withdrawConsent(documentID: String, _ withdrawal: ConsentWithdrawal) throws(CareStoreError) -> Int {
        try write("withdraw consent") { db in
            try db.execute(
                sql: """
                    UPDATE consentRecord SET withdrawnDate = ?, withdrawnBy = ?, withdrawalData = ?
                    WHERE documentID = ? AND decision = 'consented' AND withdrawnDate IS NULL
                    """,
                arguments: [
                    withdrawal.date.timeIntervalSinceReferenceDate, withdrawal.by.rawValue, withdrawal.data.rawValue,
                    documentID,
                ])
            return db.changesCount
        }
    }

    /// Sets the PDF of a signed copy, and its digest, once it is made.
    package func setConsentPDF(_ file: String, digest: String, for uuid: UUID) throws(CareStoreError) {
        try write("record consent PDF") { db in
            try db.execute(
                sql: "UPDATE consentRecord SET pdfFile = ?, pdfDigest = ? WHERE uuid = ?",
                arguments: [file, digest, uuid.uuidString])
        }
    }

    /// A row of `consentRecord`; a value no version of Regimen writes is a corrupt row, never skipped, since a skipped
    /// record would open or close the consent gate wrongly.
    private static func consentRecord(_ row: Row) throws -> ConsentRecord {
        func corrupt(_ column: String) -> CareStoreError {
            .corruptRow(table: "consentRecord", column: column, reason: "not a value Regimen writes")
        }
        guard let uuid = UUID(uuidString: row["uuid"]) else { throw corrupt("uuid") }
        guard let decision = ConsentDecision(rawValue: row["decision"]) else { throw corrupt("decision") }
        var withdrawal: ConsentWithdrawal?
        if let date: Double = row["withdrawnDate"] {
            guard let by = ConsentWithdrawer(rawValue: row["withdrawnBy"] ?? "") else { throw corrupt("withdrawnBy") }
            guard let data = ConsentDataChoice(rawValue: row["withdrawalData"] ?? "") else {
                throw corrupt("withdrawalData")
            }
            withdrawal = ConsentWithdrawal(date: Date(timeIntervalSinceReferenceDate: date), by: by, data: data)
        }
        return ConsentRecord(
            uuid: uuid, documentID: row["documentID"], version: row["version"], digest: row["digest"],
            language: row["language"], decision: decision,
            decidedDate: Date(timeIntervalSinceReferenceDate: row["decidedDate"]),
            signatureDate: row["signatureDate"], taskRunUUID: (row["taskRunUUID"] as String?).flatMap(UUID.init),
            copyFile: row["copyFile"], copyDigest: row["copyDigest"], pdfFile: row["pdfFile"],
            pdfDigest: row["pdfDigest"], withdrawal: withdrawal)
    }
}
