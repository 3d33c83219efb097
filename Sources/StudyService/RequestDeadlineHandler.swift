import NIOCore
import NIOHTTPTypes

/// Cuts off a client that is too slow to send a request (docs/study-service.md, "Limits"): each request must arrive
/// whole within `limit`, counted from the connection's start — which includes the TLS handshake — or from the end of
/// the previous answer. A client sending a byte a second, or never finishing its handshake, is closed; the service's
/// other connections are not affected. Idle keep-alive connections are closed the same way.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limit: TimeAmount
    private var timer: Scheduled<Void>?

    /// A handler allowing `limit` per request.
    init(limit: TimeAmount) {
        self.limit = limit
    }

    func handlerAdded(context: ChannelHandlerContext) {
        arm(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) {
            timer?.cancel()
            timer = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { arm(context) }
        context.write(data, promise: promise)
    }

    /// Starts the clock for the next request.
    private func arm(_ context: ChannelHandlerContext) {
        timer?.cancel()
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: limit) {
            loopBound.value.close(promise: nil)
        }
    }
}
