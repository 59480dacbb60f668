public import Logging
import NIOCore
import NIOPosix

/// Copies an external plugin's standard error to the daemon's log, one log
/// line per line written, each prefixed with the plugin's name and cut to
/// ``maximumLineBytes`` (a plugin must not be able to flood the journal with
/// one endless line).
public enum PluginLogReader {
  /// The longest line kept; the rest of a longer line is dropped.
  public static let maximumLineBytes = 1024

  /// Starts reading `input` (taking ownership of it) until end of file.
  public static func attach(name: String, reading input: Int32, logger: Logger) {
    _ = NIOPipeBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .takingOwnershipOfDescriptor(input: input)
      .flatMapThrowing { channel in
        try channel.pipeline.syncOperations.addHandler(LineLogger(name: name, logger: logger))
      }
  }

  /// Splits bytes into lines and logs them.
  final class LineLogger: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    let name: String
    let logger: Logger
    private var line: [UInt8] = []
    private var cut = false

    init(name: String, logger: Logger) {
      self.name = name
      self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      let buffer = unwrapInboundIn(data)
      for byte in buffer.readableBytesView {
        if byte == UInt8(ascii: "\n") {
          flush()
        } else if line.count < PluginLogReader.maximumLineBytes {
          line.append(byte)
        } else {
          cut = true
        }
      }
    }

    func channelInactive(context: ChannelHandlerContext) {
      if !line.isEmpty { flush() }
      context.fireChannelInactive()
    }

    private func flush() {
      let text = String(decoding: line, as: UTF8.self)
      logger.info("plugin \(name): \(text)\(cut ? " …(cut)" : "")")
      line.removeAll(keepingCapacity: true)
      cut = false
    }
  }
}
