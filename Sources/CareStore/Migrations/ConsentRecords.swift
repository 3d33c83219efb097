import GRDB

/// Migration "v10-consent-records": the participant's decisions on each version of each consent document, and
/// withdrawals (docs/consent.md, "What is kept"). One row per decision; a withdrawal fills the row of the signature
/// it withdraws. No name is kept here: it is in the signed copy and the result file.
enum ConsentRecords {
    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE consentRecord (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    uuid TEXT NOT NULL UNIQUE,
                    documentID TEXT NOT NULL,
                    version TEXT NOT NULL,
                    digest TEXT NOT NULL,
                    language TEXT,
                    decision TEXT NOT NULL CHECK (decision = 'consented' OR decision = 'declined'),
                    decidedDate REAL NOT NULL,
                    signatureDate TEXT,
                    taskRunUUID TEXT,
                    copyFile TEXT,
                    copyDigest TEXT,
                    pdfFile TEXT,
                    pdfDigest TEXT,
                    withdrawnDate REAL,
                    withdrawnBy TEXT CHECK (withdrawnBy = 'participant' OR withdrawnBy = 'researcher'),
                    withdrawalData TEXT CHECK (withdrawalData = 'keep' OR withdrawalData = 'remove')
                ) STRICT;
                CREATE INDEX consentRecord_by_document ON consentRecord(documentID, seq);
                """)
    }
}
