import ConsolePlugin
import Glibc
import KeyMenuCore
import KeyMenuEngineActor
import KeyMenuEvdev
import KeyMenuPluginAPI
import NotifyPlugin
import SpeechPlugin

// keymenu-bench: throughput figures for `make bench` (bench/run.sh drives it).
//
//   keymenu-bench decode [KEY_EVENTS]      the decoder alone, in process
//   keymenu-bench params [REQUESTS]        request params decoded from the parsed line, in process
//   keymenu-bench wire [LINES]             a state.changed line written from the typed ModalState, in process
//   keymenu-bench read PATH                read + decode through InputLoop until the device hangs up
//   keymenu-bench read PATH --read-from READ_PATH
//                                          the same, probing PATH and reading READ_PATH (libevdev_change_fd)
//   keymenu-bench write-fifo PATH KEY_EVENTS   write a raw input_event stream into a FIFO
//
// The daemon benchmarks start keymenud themselves (the command after `--`, plus
// `--socket` in a private directory and NOTIFY_SOCKET) and stop it at the end:
//   keymenu-bench rtt [--requests N] [--warmup N] [--blocks N] -- KEYMENUD ARGS...
//                                          daemon.status round trips against a Unix-socket echo floor
//   keymenu-bench subscribers [--clients N] [--cycles N] -- KEYMENUD ARGS...
//                                          N subscribers, each must receive every menu/alert event
//   keymenu-bench idle [--seconds N] [--settle MS] -- KEYMENUD ARGS...
//                                          resident memory after READY=1, then wake-ups per thread
//   keymenu-bench ready [--runs N] -- KEYMENUD ARGS...
//                                          spawn -> READY=1, and spawn -> first connect()
//   keymenu-bench keys [--alerts N] [--warmup N] [--blocks N] [--rested N [--rest-ms MS]] --floor PROGRAM [--preload LIB]
//                      [--device /dev/input/eventN] -- KEYMENUD ARGS...
//                                          key to answer: an emulated key to a client waiting in
//                                          alert.show, against a libevdev floor (inside umockdev-run)
// Each takes `--label TEXT` to prefix its lines with `[TEXT] `.

let arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ message: String) -> Never {
  DaemonProcess.stopAll()
  printToStandardError("keymenu-bench: \(message)")
  exit(2)
}

func printToStandardError(_ line: String) {
  let text = line + "\n"
  _ = text.withCString { write(2, $0, strlen($0)) }
}

func monotonicSeconds() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// CPU time the calling thread has used: what routing costs, without the
/// time other threads (presenters, other programs) took the core from it.
func threadCPUSeconds() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

switch arguments.first {
case "decode":
  let count = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 1_000_000
  DecodeBenchmark(keyEvents: count).run()
case "params":
  let count = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 20_000
  ParamsBenchmark(requests: count).run()
case "wire":
  let count = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 20_000
  WireEncodeBenchmark(lines: count).run()
case "route":
  let count = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 10_000_000
  EngineExecutor.shared.runIsolated { RouteBenchmark(keyEvents: count).run() }
case "hotkeys":
  let count = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 4_000_000
  EngineExecutor.shared.runIsolated { HotkeyRouteBenchmark(keyEvents: count).run() }
case "route-presenters":
  let count = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 4_000_000
  let console = Pseudoterminal()
  let all: [(descriptor: PluginDescriptor, options: PluginConfiguration)] = [
    (SpeechPlugin.descriptor, PluginConfiguration(["device": .string("null")])),
    (ConsolePlugin.descriptor, PluginConfiguration(["device": .string(console.path)])),
    (
      NotifyPlugin.descriptor,
      PluginConfiguration(["bus": .string("unix:path=/nonexistent/keymenu-bench-bus")])
    ),
  ]
  // Optional names after the count pick some of the presenters.
  let chosen = Set(arguments.dropFirst(2))
  let benchmark = PresenterRouteBenchmark(
    keyEvents: count, presenters: chosen.isEmpty ? all : all.filter { chosen.contains($0.descriptor.name) })
  EngineExecutor.shared.runIsolated { benchmark.run() }
case "read":
  switch arguments.count {
  case 2: ReadBenchmark(path: arguments[1]).run()
  case 4 where arguments[2] == "--read-from": ReadBenchmark(path: arguments[1], readPath: arguments[3]).run()
  default: fail("usage: keymenu-bench read PATH [--read-from READ_PATH]")
  }
case "write-fifo":
  guard arguments.count == 3, let count = Int(arguments[2]) else {
    fail("usage: keymenu-bench write-fifo PATH KEY_EVENTS")
  }
  FifoWriter(path: arguments[1], keyEvents: count).run()
case "rtt", "subscribers", "idle", "ready", "keys":
  DaemonBenchmarks.run(arguments[0], arguments.dropFirst())
default:
  fail(
    "usage: keymenu-bench decode [N] | params [N] | wire [N] | route [N] | hotkeys [N] | read PATH [--read-from READ_PATH] | write-fifo PATH N"
      + " | rtt|subscribers|idle|ready|keys [OPTIONS] -- KEYMENUD ARGS...")
}
