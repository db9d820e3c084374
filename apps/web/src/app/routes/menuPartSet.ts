// The menu's icons and badges, provided to the route registry by the shell's code (see menuParts).
import AccountBookOutlined from '@ant-design/icons/es/icons/AccountBookOutlined';
import ApiOutlined from '@ant-design/icons/es/icons/ApiOutlined';
import BarChartOutlined from '@ant-design/icons/es/icons/BarChartOutlined';
import CameraOutlined from '@ant-design/icons/es/icons/CameraOutlined';
import CloudServerOutlined from '@ant-design/icons/es/icons/CloudServerOutlined';
import CommentOutlined from '@ant-design/icons/es/icons/CommentOutlined';
import ContactsOutlined from '@ant-design/icons/es/icons/ContactsOutlined';
import CustomerServiceOutlined from '@ant-design/icons/es/icons/CustomerServiceOutlined';
import HistoryOutlined from '@ant-design/icons/es/icons/HistoryOutlined';
import FileTextOutlined from '@ant-design/icons/es/icons/FileTextOutlined';
import NotificationOutlined from '@ant-design/icons/es/icons/NotificationOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import ShopOutlined from '@ant-design/icons/es/icons/ShopOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import {
  MomentsUnreadBadge,
  MomentsUnreadCorner,
} from '../../features/moments/MomentsUnreadBadge.tsx';
import { provideMenuParts } from './menuParts.tsx';

provideMenuParts({
  AccountBookOutlined,
  ApiOutlined,
  BarChartOutlined,
  CameraOutlined,
  CloudServerOutlined,
  CommentOutlined,
  ContactsOutlined,
  CustomerServiceOutlined,
  HistoryOutlined,
  FileTextOutlined,
  NotificationOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  MomentsUnreadBadge,
  MomentsUnreadCorner,
});
