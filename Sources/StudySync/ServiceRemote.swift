package import CareModel
package import Foundation
import StudyAPI
package import StudyClient

/// The study reached through the study service with the device's token (docs/study-service.md).
package struct ServiceRemote: StudyRemote {
    /// The service's client, holding the device's token.
    package let client: StudyServiceClient

    /// The study behind `client`.
    package init(client: StudyServiceClient) {
        self.client = client
    }

    package func push(_ changes: [DeviceChange], outboxEnd: Int64, deviceNow: Date) async throws(StoreSyncError)
        -> PushReport
    {
        let answer: PushResponse
        do throws(StudyClientError) {
            answer = try await client.push(
                PushRequest(outboxEnd: outboxEnd, deviceNow: deviceNow, changes: changes.map(ChangeRecord.init)))
        } catch {
            throw .service(error)
        }
        do throws(JSONPlaceError) {
            return try answer.report()
        } catch {
            throw .service(.malformedResponse(place: error.place, problem: error.problem))
        }
    }

    package func pull(after anchor: Int64, limit: Int) async throws(StoreSyncError) -> PullPage {
        let answer: PullResponse
        do throws(StudyClientError) {
            answer = try await client.pull(after: anchor, limit: limit)
        } catch {
            throw .service(error)
        }
        return try Self.page(answer, after: anchor)
    }

    /// One round trip (`POST /v1/sync`).
    package func pushNothingAndPull(
        outboxEnd: Int64, deviceNow: Date, after anchor: Int64, limit: Int
    ) async throws(StoreSyncError) -> (PushReport, PullPage) {
        let answer: SyncResponse
        do throws(StudyClientError) {
            answer = try await client.sync(
                SyncRequest(outboxEnd: outboxEnd, deviceNow: deviceNow, after: anchor, limit: limit))
        } catch {
            throw .service(error)
        }
        let report: PushReport
        do throws(JSONPlaceError) {
            report = try answer.push.report()
        } catch {
            throw .service(.malformedResponse(place: "push." + error.place, problem: error.problem))
        }
        return (report, try Self.page(answer.pull, after: anchor))
    }

    /// The page of `answer`, checked to follow `anchor`.
    private static func page(_ answer: PullResponse, after anchor: Int64) throws(StoreSyncError) -> PullPage {
        do throws(JSONPlaceError) {
            let page = try answer.page()
            guard page.after == anchor else {
                throw JSONPlaceError(place: "after", problem: "expected the anchor asked for, \(anchor)")
            }
            return page
        } catch {
            throw .service(.malformedResponse(place: error.place, problem: error.problem))
        }
    }
}
