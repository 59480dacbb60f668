import KeyMenuPluginAPI

/// What the configuration in force registered with the engine besides its
/// selectors (which are removed by owner, `config`): the hotkeys' observer.
struct ConfiguredObjects {
  var hotkeys: [ObserverToken] = []
}
