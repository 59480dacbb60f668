import Foundation

/// The page cache's copy of a file, which decides how much of a mapped
/// binary a process gets resident.
///
/// The kernel maps a file's pages into a process a whole page-cache folio at
/// a time on a fault (besides 64 KiB of fault-around), and how large the
/// folios are depends on how the file came into the cache: a binary lld has
/// just written through mmap measured 1.5 MiB more VmRSS at rest, in some
/// runs and not others, than the same bytes read from disk. Evicting the
/// executables first measures every daemon as an installed one starts: read
/// from disk.
enum PageCache {
  /// Drops the cached pages of every argument that is an executable regular
  /// file (the daemon, or the peer a wrapper script starts), so that it is
  /// read from disk again (POSIX_FADV_DONTNEED; pages another process maps
  /// stay).
  static func evictExecutables(in command: [String]) {
    for path in command where access(path, X_OK) == 0 {
      var info = stat()
      guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_DONTNEED))
      close(descriptor)
    }
  }
}
