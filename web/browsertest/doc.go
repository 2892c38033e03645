// Package browsertest drives the real web client in headless Chromium
// (through chromedp) against a real in-process server, clicking as a
// person would. The tests skip when /usr/bin/chromium is missing, but
// fail under CI (CI=true, or PLATEAU_REQUIRE_BROWSER set as .ci/run does);
// install it with .ci/browser.sh. A game the tests cannot find in the
// registry is always a failure.
//
// Run with -update-screenshots (or PLATEAU_SCREENSHOTS=1) to rewrite the
// screenshots in docs/screenshots/; TestScreenshots, which runs only then,
// retakes every page on a desktop and a phone in the light and dark themes. On failure each test saves a
// screenshot of the page in the directory named by PLATEAU_FAILSHOTS, or
// in the system's temporary directory, and logs its path.
package browsertest
