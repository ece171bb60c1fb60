const path = require('path');
const { task, src, dest, parallel } = require('gulp');

// tsc compiles the TypeScript; n8n also needs the icons and the codex JSON files next to the
// compiled nodes and credentials, which tsc does not copy.
function copyIcons() {
	return src(['icons/**/*.{png,svg}', 'nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest(path.resolve('dist')));
}

function copyCodex() {
	return src(['nodes/**/*.node.json'], { base: '.' }).pipe(dest(path.resolve('dist')));
}

task('build:assets', parallel(copyIcons, copyCodex));
