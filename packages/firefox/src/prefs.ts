/**
 * Preferences written to the fresh profile's user.js. Firefox's Remote Agent already applies its
 * "recommended" automation prefs at startup (`remote.prefs.recommended`, on by default); these add
 * what keeps a headless, throw-away profile quiet and offline-friendly: no first-run or what's-new
 * pages, no telemetry, update, Safe Browsing, Normandy, Pocket or captive-portal traffic, no
 * default-browser prompt, no session restore after a crash.
 */
export const FIREFOX_PREFS: Record<string, string | number | boolean> = {
  // Startup: a blank window, nothing to dismiss.
  'browser.startup.page': 0,
  'browser.startup.homepage': 'about:blank',
  'browser.startup.homepage_override.mstone': 'ignore',
  'startup.homepage_welcome_url': 'about:blank',
  'startup.homepage_welcome_url.additional': '',
  'browser.aboutwelcome.enabled': false,
  'browser.shell.checkDefaultBrowser': false,
  'browser.shell.skipDefaultBrowserCheck': true,
  'browser.tabs.warnOnClose': false,
  'browser.warnOnQuit': false,
  'browser.sessionstore.resume_from_crash': false,
  'browser.sessionstore.max_resumed_crashes': -1,
  'toolkit.startup.max_resumed_crashes': -1,
  'browser.uitour.enabled': false,
  // Telemetry and data reporting.
  'datareporting.policy.dataSubmissionEnabled': false,
  'datareporting.policy.dataSubmissionPolicyBypassNotification': true,
  'datareporting.healthreport.uploadEnabled': false,
  'toolkit.telemetry.enabled': false,
  'toolkit.telemetry.unified': false,
  'toolkit.telemetry.archive.enabled': false,
  'toolkit.telemetry.server': 'https://127.0.0.1:9/',
  'browser.ping-centre.telemetry': false,
  'app.normandy.enabled': false,
  'app.normandy.api_url': '',
  'app.shield.optoutstudies.enabled': false,
  'browser.crashReports.unsubmittedCheck.autoSubmit2': false,
  // Updates of the app, add-ons and remote settings.
  'app.update.disabledForTesting': true,
  'app.update.auto': false,
  'extensions.update.enabled': false,
  'extensions.getAddons.cache.enabled': false,
  'extensions.blocklist.enabled': false,
  'services.settings.server': 'https://127.0.0.1:9/',
  // Network chatter: Safe Browsing, captive portal, connectivity checks, prefetching, Pocket, sponsored content.
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'browser.safebrowsing.downloads.enabled': false,
  'browser.safebrowsing.blockedURIs.enabled': false,
  'browser.safebrowsing.provider.mozilla.updateURL': '',
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'network.dns.disablePrefetch': true,
  'network.prefetch-next': false,
  'network.http.speculative-parallel-limit': 0,
  'extensions.pocket.enabled': false,
  'browser.newtabpage.enabled': false,
  'browser.newtabpage.activity-stream.feeds.system.topstories': false,
  'browser.newtabpage.activity-stream.showSponsored': false,
  'browser.newtabpage.activity-stream.showSponsoredTopSites': false,
  'browser.topsites.contile.enabled': false,
  'browser.search.update': false,
  'geo.provider.network.url': '',
  'media.gmp-manager.url': '',
  'media.gmp-gmpopenh264.enabled': false,
  'identity.fxaccounts.enabled': false,
  // Automation: no dialogs that block scripts; popups may open (agents click "open in new window").
  'dom.max_script_run_time': 0,
  'dom.disable_open_during_load': false,
  'browser.download.panel.shown': true,
  'signon.rememberSignons': false,
  'browser.translations.automaticallyPopup': false,
};

/** The user.js text for `prefs`. */
export function userJs(prefs: Record<string, string | number | boolean> = FIREFOX_PREFS): string {
  return Object.entries(prefs)
    .map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`)
    .join('\n') + '\n';
}
