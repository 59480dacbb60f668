import CKeyMenuRuntime
public import SystemPackage

/// Keeps keymenud's memory out of core dumps.
///
/// keymenud holds what people type into masked fields while they type it:
/// a core file, or a core handed to systemd-coredump, would keep it on disk
/// readable by whoever may read dumps. ``disable()`` makes the process not
/// dumpable (no core at all, and no ptrace or `/proc/PID/mem` by other
/// processes of its user; root still can) and sets `RLIMIT_CORE` to 0. Its
/// children (commands, external plugins) are dumpable again after `execve`.
public enum CoreDumps {
  /// Turns core dumps off for this process; nil, or why it could not.
  public static func disable() -> Errno? {
    let failure = keymenu_disable_core_dumps()
    return failure == 0 ? nil : Errno(rawValue: failure)
  }
}
