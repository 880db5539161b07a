import { chakra } from '@chakra-ui/react';
import { promptInstall, useInstallOffer } from '../../lib/installPrompt';
import { DownloadIcon } from '../icons/StudioIcons';
import { SIDEBAR_ROW_STYLE, SidebarRowContent } from './SidebarNavList';

/** 'Install app' as a sidebar row like its links, there only while the browser offers to install the app. */
export function SidebarInstallItem({ expanded }: { expanded: boolean }) {
  if (!useInstallOffer()) return null;
  return (
    <chakra.button
      type="button"
      {...SIDEBAR_ROW_STYLE}
      w="full"
      mb="1"
      cursor="pointer"
      fontWeight="medium"
      color="fg.muted"
      onClick={() => void promptInstall()}
    >
      <SidebarRowContent icon={DownloadIcon} label="Install app" expanded={expanded} />
    </chakra.button>
  );
}
